/**
 * What a kiosk tablet keeps about itself, and the small rules around it: its
 * serial number (made once, kept), its device token (in localStorage, never in
 * the staff `auth_token` cookie, so a staff login on the same browser and the
 * tablet's pairing do not overwrite each other) and the pairing code in the URL.
 * The callout number comes from the staff screens' `calloutOf` (lib/format.ts).
 */

/** The part of Web Storage the kiosk uses: localStorage in the browser, a Map in tests. */
export type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKeys = {
  serialNumber: 'cardstock.kiosk.serial_number',
  deviceToken: 'cardstock.kiosk.device_token',
} as const;

/** How long the callout screen stays before the tablet returns to a new order on its own. */
export const calloutReturnMs = 30_000;

/** The URL parameter the staff screen's QR code carries: PUBLIC_URL/kiosk?code=XXXX-XXXX. */
export const codeParam = 'code';

/** A serial number from a UUID: 'TAB-' and its first 8 hex digits, upper case. */
export const makeSerialNumber = (uuid: string): string => `TAB-${uuid.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** This tablet's serial number: the kept one, or a new one made and kept now. */
export function serialNumber(store: KeyStore, newUuid: () => string = () => crypto.randomUUID()): string {
  const kept = store.getItem(storageKeys.serialNumber)?.trim();
  if (kept) return kept;
  const made = makeSerialNumber(newUuid());
  store.setItem(storageKeys.serialNumber, made);
  return made;
}

export const deviceToken = (store: KeyStore): string | undefined => store.getItem(storageKeys.deviceToken) || undefined;

export const storeDeviceToken = (store: KeyStore, token: string): void => store.setItem(storageKeys.deviceToken, token);

/** Forgets the token (the device was removed): the serial number stays, it names the tablet. */
export const clearDeviceToken = (store: KeyStore): void => store.removeItem(storageKeys.deviceToken);

/** The pairing code in a query string, trimmed; undefined when absent or blank. */
export function codeFromSearch(search: string): string | undefined {
  const code = new URLSearchParams(search).get(codeParam)?.trim();
  return code || undefined;
}

/** The query string without the pairing code (so a reload does not try the used code again). */
export function searchWithoutCode(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(codeParam);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A store in memory, for browsers that refuse localStorage (private modes, blocked storage). */
export function memoryStore(): KeyStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

let fallback: KeyStore | undefined;

/** localStorage when the browser allows it; otherwise a store that lasts as long as the page. */
export function browserStore(): KeyStore {
  try {
    const probe = '__cardstock_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    fallback ??= memoryStore();
    return fallback;
  }
}
