/**
 * New orders while staff look elsewhere (issue 41): the number placed since Order Management was last on screen (the
 * badge in the header and the tab's title), and the device's setting for the badge and a chime. The setting is the
 * device's, kept in localStorage: the counter PC wants the chime, the office laptop may not.
 */
import { useSyncExternalStore } from 'react';

export interface NewOrderAlert {
  /** A chime when an order is placed. Off until chosen: a browser plays sound only after a click on the page. */
  sound: boolean;
  /** The count of unseen orders on the header's badge and in the tab's title. */
  badge: boolean;
}

const storageKey = 'cardstock.new-order-alert';
const defaults: NewOrderAlert = { sound: false, badge: true };

const listeners = new Set<() => void>();
let unseen = 0;
let setting: NewOrderAlert | undefined;

const tell = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The device's setting: stored, else the defaults (storage refused or unreadable counts as none). */
export function newOrderAlert(): NewOrderAlert {
  if (!setting) {
    let stored: Partial<NewOrderAlert> = {};
    try {
      stored = JSON.parse(window.localStorage.getItem(storageKey) ?? '{}') as Partial<NewOrderAlert>;
    } catch {
      stored = {};
    }
    setting = {
      sound: typeof stored.sound === 'boolean' ? stored.sound : defaults.sound,
      badge: typeof stored.badge === 'boolean' ? stored.badge : defaults.badge,
    };
  }
  return setting;
}

/** Changes the setting, keeps it (in memory only where storage is refused) and redraws. */
export function setNewOrderAlert(change: Partial<NewOrderAlert>): void {
  setting = { ...newOrderAlert(), ...change };
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(setting));
  } catch {
    // Kept for this visit only.
  }
  tell();
}

export const useNewOrderAlert = () => useSyncExternalStore(subscribe, newOrderAlert);

/** Orders placed since Order Management was last on screen; 0 while the badge is off. */
export const useUnseenOrders = () => useSyncExternalStore(subscribe, () => (newOrderAlert().badge ? unseen : 0));

/** One more order not seen yet. */
export function orderArrived(): void {
  unseen += 1;
  tell();
}

/** Order Management is on screen: every order is seen. */
export function ordersSeen(): void {
  if (unseen === 0) return;
  unseen = 0;
  tell();
}

let audio: AudioContext | undefined;

/**
 * Two short rising notes, made by the browser (no sound file to load). The context is made (or woken) on the first
 * call, which a click on the setting is: browsers let a page play sound only after the user has acted on it.
 */
export function chime(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const start = audio.currentTime;
    for (const [at, hz] of [
      [0, 880],
      [0.18, 1318.5],
    ] as const) {
      const tone = audio.createOscillator();
      const level = audio.createGain();
      tone.frequency.value = hz;
      level.gain.setValueAtTime(0.0001, start + at);
      level.gain.exponentialRampToValueAtTime(0.25, start + at + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.35);
      tone.connect(level).connect(audio.destination);
      tone.start(start + at);
      tone.stop(start + at + 0.4);
    }
  } catch {
    // No sound on this device: the badge still tells.
  }
}
