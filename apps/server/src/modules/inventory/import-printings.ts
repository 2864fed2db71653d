import { messages } from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import { csvCatalogRepository as catalog, type CardKey } from './csv-catalog.repository.ts';
import type { CsvLine } from './csv-formats.ts';
import { setRefs } from './csv-set-names.ts';

/** A name as compared: normalized, with any slash between faces written one way ("Fire/Ice" = "Fire // Ice"). */
export const comparable = (name: string) => normalizeName(name).replace(/\s*\/+\s*/g, ' // ');

/** A tool's name without the tags it adds to a product: "Abbot of Keral Keep (Foil Etched)", "… (Showcase)". */
export const untagged = (name: string) => name.replace(/(\s*\([^()]*\))+\s*$/, '');

/**
 * Whether a file's name is the printing's: its whole name or one face's, any case, accents or punctuation,
 * with or without a tool's trailing tags (a real name may end in brackets: "Erase (Not the Urza's Legacy One)").
 */
function namesMatch(named: string, card: CardKey): boolean {
  const names = new Set([comparable(card.name), ...card.name.split(' // ').map(comparable)]);
  return names.has(comparable(named)) || names.has(comparable(untagged(named)));
}

const printingOf = (card: CardKey) => `${card.set_code.toUpperCase()} #${card.collector_number}`;

/** What the file's line turned out to be: one printing, a refusal, or several printings to choose from. */
export type Resolution =
  | { card: CardKey }
  | { problem: string }
  /** `missing`: the line named its own printing (an id, a number) and the catalog lacks it. */
  | { candidates: CardKey[]; missing?: boolean };

/** A tool's own id of a printing: what a line says, how the catalog is asked, and the ids a printing answers to. */
interface ToolId {
  of(line: CsvLine): number | undefined;
  find(db: Executor, ids: number[]): Promise<CardKey[]>;
  keys(card: CardKey): (number | null)[];
}

const TOOL_IDS: readonly ToolId[] = [
  { of: (l) => l.tcgplayerId, find: (db, ids) => catalog.cardsByTcgplayer(db, ids), keys: (c) => [c.tcgplayer_id] },
  { of: (l) => l.cardmarketId, find: (db, ids) => catalog.cardsByCardmarket(db, ids), keys: (c) => [c.cardmarket_id] },
  {
    of: (l) => l.mtgoId,
    find: (db, ids) => catalog.cardsByMtgo(db, ids),
    // A premium copy has an id of its own; both are the printing's.
    keys: (c) => [c.mtgo_id, c.mtgo_foil_id],
  },
];

/**
 * Finds the printing of every line, never by a guess: the Scryfall id, else the tool's own id (TCGplayer
 * product, Cardmarket product, MTGO id; one id on several printings is a question), else set code + collector
 * number, else set name + collector number, each checked against the line's card name when it gives one; else, for a line that names no printing, the name (within the line's set,
 * when given) when exactly one printing has it and the line's finish. Several printings, or a printing named
 * that the catalog lacks: the line goes to review, with the printings of its name as candidates.
 */
export async function resolvePrintings(ctx: AppContext, lines: CsvLine[]): Promise<Map<CsvLine, Resolution>> {
  const byId = new Map<string, CardKey>();
  const bySetNumber = new Map<string, CardKey>();
  const setCodesByName = new Map<string, string[]>();
  const byName = new Map<string, CardKey[]>();
  const found = new Map<CsvLine, CardKey>();
  const pending = () => lines.filter((l) => !found.has(l));

  const ids = [...new Set(lines.flatMap((l) => (l.scryfallId ? [l.scryfallId] : [])))];
  // A batch's ids in one lookup: on PostgreSQL each is a round trip.
  for (const part of chunks(ids, 1000)) for (const c of await catalog.cardsById(ctx.db, part)) byId.set(c.id, c);
  for (const l of lines) if (l.scryfallId && byId.has(l.scryfallId)) found.set(l, byId.get(l.scryfallId)!);

  const shared = new Map<CsvLine, CardKey[]>();
  for (const tool of TOOL_IDS) {
    const byTool = new Map<number, CardKey[]>();
    const wanted = [...new Set(pending().flatMap((l) => tool.of(l) ?? []))];
    for (const part of chunks(wanted)) {
      for (const c of await tool.find(ctx.db, part)) {
        for (const key of tool.keys(c)) {
          if (key === null) continue;
          const hits = byTool.get(key) ?? [];
          if (!hits.some((h) => h.id === c.id)) byTool.set(key, [...hits, c]);
        }
      }
    }
    for (const l of pending()) {
      const id = tool.of(l);
      const hits = id === undefined ? [] : (byTool.get(id) ?? []);
      if (hits.length === 1) found.set(l, hits[0]!);
      else if (hits.length > 1) shared.set(l, hits);
    }
  }

  // Set names become set codes, so set name + number is asked as set code + number. A tool's own set names and
  // codes ("Magic 2015 Core Set", "Extras: Khans of Tarkir", TCGplayer's "LIST") are read as Scryfall's sets.
  const refsOf = new Map(pending().map((l) => [l, setRefs(l.setName, l.setCode)]));
  const setNames = [
    ...new Set([...refsOf.values()].flatMap((refs) => refs.flatMap((r) => (r.name ? [r.name.toLowerCase()] : [])))),
  ];
  for (const part of chunks(setNames)) {
    for (const set of await catalog.setsByName(ctx.db, part)) {
      const key = set.set_name.toLowerCase();
      setCodesByName.set(key, [...(setCodesByName.get(key) ?? []), set.set_code]);
    }
  }
  // A set "name" no set has may be a code written in a name column ("M10" under "Set").
  // `by`: only the sets the line's code names, or only those its name does (a code is asked first).
  const setsOf = (l: CsvLine, by?: 'code' | 'name'): string[] => [
    ...new Set(
      (refsOf.get(l) ?? setRefs(l.setName, l.setCode))
        .filter((r) => !by || (by === 'code') === Boolean(r.code))
        .flatMap((r) =>
          r.code
            ? [r.prefix + r.code]
            : (setCodesByName.get(r.name!.toLowerCase()) ?? (r.prefix ? [] : [r.name!.toLowerCase()])).map(
                (code) => r.prefix + code,
              ),
        ),
    ),
  ];
  const pairs = new Map<string, { set: string; number: string }>();
  for (const l of pending()) {
    if (!l.collectorNumber) continue;
    for (const set of setsOf(l)) pairs.set(`${set}|${l.collectorNumber}`, { set, number: l.collectorNumber });
  }
  for (const part of chunks([...pairs.values()], 200)) {
    for (const c of await catalog.cardsBySetNumber(ctx.db, part))
      bySetNumber.set(`${c.set_code}|${c.collector_number}`, c);
  }
  for (const l of pending()) {
    // The code's set first: a file's set name may be another set's that has a card of that number too.
    for (const by of ['code', 'name'] as const) {
      const hits = setsOf(l, by).flatMap((set) => bySetNumber.get(`${set}|${l.collectorNumber}`) ?? []);
      if (hits.length === 1) found.set(l, hits[0]!);
      if (hits.length) break;
    }
  }

  const names = [
    ...new Set(pending().flatMap((l) => (l.name ? [normalizeName(l.name), normalizeName(untagged(l.name))] : []))),
  ];
  for (const part of chunks(names, 200)) {
    for (const c of await catalog.cardsByName(ctx.db, part)) {
      for (const key of new Set([c.sort_name, ...c.sort_name.split(' // ')])) {
        byName.set(key, [...(byName.get(key) ?? []), c]);
      }
    }
  }

  const resolved = new Map<CsvLine, Resolution>();
  for (const l of lines) {
    const card = found.get(l);
    if (card) {
      resolved.set(
        l,
        l.name && !namesMatch(l.name, card)
          ? { problem: messages.inventoryServer.nameMismatch(l.name, printingOf(card), card.name) }
          : { card },
      );
      continue;
    }
    const sharing = shared.get(l)?.filter((c) => !l.name || namesMatch(l.name, c));
    if (sharing?.length) {
      resolved.set(l, { candidates: sharing });
      continue;
    }
    if (!l.name) continue;
    const ofName = [
      ...new Set([
        ...(byName.get(normalizeName(l.name)) ?? []),
        ...(byName.get(normalizeName(untagged(l.name))) ?? []),
      ]),
    ].filter((c) => namesMatch(l.name, c));
    // Within the set the line's code names, else the one its set name does.
    const inSets = (by: 'code' | 'name') => ofName.filter((c) => setsOf(l, by).includes(c.set_code));
    const named = !(l.setCode || l.setName) ? ofName : inSets('code').length ? inSets('code') : inSets('name');
    // The line's finish narrows the printings (a foil line is no foil-less printing) when any has it.
    const withFinish = named.filter((c) => c.finishes.split(',').includes(l.finish));
    const candidates = withFinish.length ? withFinish : named;
    // A line that named its printing (an id, a number) the catalog lacks is a question even with one candidate:
    // "SNC #369" is not "SNC #182" because the set has only that one of the name.
    const namedPrinting = Boolean(l.scryfallId || l.tcgplayerId || l.mtgoId || l.cardmarketId || l.collectorNumber);
    if (candidates.length === 1 && !namedPrinting) resolved.set(l, { card: candidates[0]! });
    else if (candidates.length > 0) resolved.set(l, { candidates, missing: namedPrinting });
  }
  return resolved;
}
