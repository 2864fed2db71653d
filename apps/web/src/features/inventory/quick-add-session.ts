import {
  dollarsToCents,
  finishes,
  languages,
  qualities,
  type Finish,
  type Language,
  type Quality,
  type QuickAddResponse,
} from '@cardstock/contract';

/** What each scanned code gets unless it is a label (issue 41): sticky, changed by a click or a shortcut. */
export interface QuickAddDefaults {
  finish: Finish;
  quality: Quality;
  language: Language;
  /** "" for nowhere said. */
  location: string;
}

export const firstDefaults: QuickAddDefaults = { finish: 'nonfoil', quality: 'NM', language: 'en', location: '' };

/**
 * The defaults after a shortcut typed alone in the code box and Enter: `f` foil (again: non-foil), `e` etched (again:
 * non-foil), `n` non-foil, `1`–`5` NM…D, `l` the next language, a language's code (`ja`, `de`) that language.
 * Undefined when `text` is no shortcut, so it is a code: no set code, number, UPC or name is one of these.
 */
export function withShortcut(defaults: QuickAddDefaults, text: string): QuickAddDefaults | undefined {
  const key = text.trim().toLowerCase();
  if (key === 'f') return { ...defaults, finish: defaults.finish === 'foil' ? 'nonfoil' : 'foil' };
  if (key === 'e') return { ...defaults, finish: defaults.finish === 'etched' ? 'nonfoil' : 'etched' };
  if (key === 'n') return { ...defaults, finish: 'nonfoil' };
  if (/^[1-5]$/.test(key)) return { ...defaults, quality: qualities[Number(key) - 1]! };
  if (key === 'l') {
    const next = languages[(languages.indexOf(defaults.language) + 1) % languages.length]!;
    return { ...defaults, language: next };
  }
  if ((languages as readonly string[]).includes(key)) return { ...defaults, language: key as Language };
  return undefined;
}

/** Reads defaults kept from another visit, keeping only what is still a valid value. */
export function defaultsFrom(kept: unknown): QuickAddDefaults {
  const k = (kept ?? {}) as Partial<Record<keyof QuickAddDefaults, unknown>>;
  return {
    finish: finishes.includes(k.finish as Finish) ? (k.finish as Finish) : firstDefaults.finish,
    quality: qualities.includes(k.quality as Quality) ? (k.quality as Quality) : firstDefaults.quality,
    language: languages.includes(k.language as Language) ? (k.language as Language) : firstDefaults.language,
    location: typeof k.location === 'string' ? k.location : '',
  };
}

/** One line of a quick-add session: a copy added (undone or not), or a code that added nothing. */
export type SessionEntry =
  | {
      kind: 'added';
      /** The addition's id, what undo names; unique in a session. */
      undo_id: number;
      code: string;
      name: string;
      /** "MH3 241"; "" for sealed. */
      printing: string;
      scryfall_id: string;
      set_code: string;
      collector_number: string;
      finish: Finish | '';
      quality: Quality | '';
      language: Language | '';
      location: string;
      /** What a customer pays for the copy now, dollars; null: no price. */
      price: number | null;
      /** The row's label code, or the sealed product's UPC ("" when none). */
      label: string;
      sealed: boolean;
      undone: boolean;
    }
  | { kind: 'failed'; id: string; code: string; message: string };

/** A session line from quick add's answer. */
export function entryOf(code: string, answer: QuickAddResponse): SessionEntry {
  const common = { kind: 'added' as const, undo_id: answer.undo_id, code, undone: false };
  if (answer.sealed) {
    const s = answer.sealed;
    return {
      ...common,
      name: s.name,
      printing: '',
      scryfall_id: '',
      set_code: s.set_code ?? '',
      collector_number: '',
      finish: '',
      quality: '',
      language: '',
      location: s.location ?? '',
      price: s.price,
      label: s.upc ?? '',
      sealed: true,
    };
  }
  const r = answer.row!;
  return {
    ...common,
    name: r.card_name,
    printing: `${r.card_setCode.toUpperCase()} ${r.card_collector_number}`,
    scryfall_id: r.card_scryfallid,
    set_code: r.card_setCode.toUpperCase(),
    collector_number: r.card_collector_number,
    finish: r.inv_finish,
    quality: r.inv_quality,
    language: r.inv_language,
    location: r.inv_location,
    price: r.price,
    label: r.label_code,
    sealed: false,
  };
}

export type Added = Extract<SessionEntry, { kind: 'added' }>;
export const live = (entries: readonly SessionEntry[]): Added[] =>
  entries.filter((e): e is Added => e.kind === 'added' && !e.undone);

/** The session's copies still added, their value (in cents, priced copies only) and how many have no price. */
export function totalsOf(entries: readonly SessionEntry[]) {
  const added = live(entries);
  const unpriced = added.filter((e) => e.price === null).length;
  const cents = added.reduce((sum, e) => sum + (e.price === null ? 0 : dollarsToCents(e.price)), 0);
  return { copies: added.length, cents, unpriced };
}

/** The last addition not undone: what Ctrl+Z takes back. */
export const lastUndoable = (entries: readonly SessionEntry[]): Added | undefined => live(entries)[0];
