import { once } from 'node:events';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  centsToDollars,
  dollarsToCents,
  type ExportFormat,
  finishOf,
  importChangeSampleLimit,
  importReviewLimit,
  maxAskingPrice,
  maxStockQuantity,
  messages,
  languageOf,
  qualityOf,
  type ImportCandidate,
  type ImportChange,
  type ImportDifference,
  type ImportLineAsWritten,
  type ImportMode,
  type ImportProgress,
  type ImportReport,
  type ImportReview,
  type ZeroedRow,
} from '@cardstock/contract';
import type { FastifyReply } from 'fastify';
import { withTransaction, type Executor } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import { csvStream } from '../../lib/csv.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { planSealedImport, writeSealedImport } from '../sealed/sealed-import.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import { csvCatalogRepository as catalog, type CardKey } from './csv-catalog.repository.ts';
import { EXPORT_LAYOUTS } from './csv-exports.ts';
import { setRefs } from './csv-set-names.ts';
import { type CsvFormat, type CsvLine } from './csv-formats.ts';
import { readCsv } from './csv-read.ts';
import type { SealedLine } from './csv-sealed.ts';
import { csvUploadsRepository as uploads, UPLOAD_KEPT_MINUTES } from './csv-uploads.repository.ts';
import { ImportRows, type PendingRow } from './import-rows.ts';
import { inventoryRepository as repo, type ImportRow, type StockFields } from './inventory.repository.ts';
import type { StockWriter } from './read-model.ts';

const CHUNK = 500;
/** How often the check writes how far it has read (the dialog asks every 400 ms; on SQLite each write is a sync to disk). */
const PROGRESS_MS = 250;
/** Rows an import writes in one statement: on SQLite a few milliseconds' work, the event loop turning between. */
const WRITE_CHUNK = { sqlite: 200, postgres: 5000 } as const;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const describeLine = (l: CsvLine) =>
  [
    l.name ? `"${l.name}"` : undefined,
    l.setCode ? `set ${l.setCode.toUpperCase()}` : l.setName ? `set "${l.setName}"` : undefined,
    l.collectorNumber ? `#${l.collectorNumber}` : undefined,
    l.scryfallId ? `Scryfall ID ${l.scryfallId}` : undefined,
    l.tcgplayerId ? `TCGplayer product ${l.tcgplayerId}` : undefined,
    l.cardmarketId ? `Cardmarket product ${l.cardmarketId}` : undefined,
    l.mtgoId ? `MTGO ID ${l.mtgoId}` : undefined,
  ]
    .filter(Boolean)
    .join(' ') || 'this line';

/** The printing's market price in the line's finish, in dollars (cents in the catalog). */
const marketPrice = (card: CardKey, finish: string) => {
  const cents = finish === 'foil' ? card.price_usd_foil : finish === 'etched' ? card.price_usd_etched : card.price_usd;
  return cents === null ? null : centsToDollars(cents);
};

const candidateOf = (card: CardKey, finish: string): ImportCandidate => ({
  scryfall_id: card.id,
  name: card.name,
  set_code: card.set_code,
  set_name: card.set_name,
  collector_number: card.collector_number,
  finishes: card.finishes.split(',').filter(Boolean).map(finishOf),
  image: card.image_small,
  price: marketPrice(card, finish),
});

/** A review line as its file wrote it: what the owner compares each candidate with. */
const asWritten = (l: CsvLine): ImportLineAsWritten => ({
  ...(l.setCode ? { set_code: l.setCode } : {}),
  ...(l.setName ? { set_name: l.setName } : {}),
  ...(l.collectorNumber ? { collector_number: l.collectorNumber } : {}),
  finish: l.finish,
  quality: l.quality,
  language: l.language,
  quantity: l.quantity,
  ...(l.scryfallId ? { scryfall_id: l.scryfallId } : {}),
  ...(l.tcgplayerId
    ? { tool_id: `TCGplayer product ${l.tcgplayerId}` }
    : l.cardmarketId
      ? { tool_id: `Cardmarket product ${l.cardmarketId}` }
      : l.mtgoId
        ? { tool_id: `MTGO ID ${l.mtgoId}` }
        : {}),
});

/** A name as compared: normalized, with any slash between faces written one way ("Fire/Ice" = "Fire // Ice"). */
const comparable = (name: string) => normalizeName(name).replace(/\s*\/+\s*/g, ' // ');

/** A tool's name without the tags it adds to a product: "Abbot of Keral Keep (Foil Etched)", "… (Showcase)". */
const untagged = (name: string) => name.replace(/(\s*\([^()]*\))+\s*$/, '');

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
async function resolvePrintings(ctx: AppContext, lines: CsvLine[]): Promise<Map<CsvLine, Resolution>> {
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

const hasFinish = (card: CardKey, finish: string) => card.finishes.split(',').includes(finish);

/**
 * The printing a line is stocked as: its one printing, or the one the owner picked among its candidates. A line
 * with none is refused (and, with candidates, listed for review), told in `refused` and `review`.
 */
function choosePrinting(
  line: CsvLine,
  resolution: Resolution | undefined,
  picks: ReadonlyMap<number, string> | undefined,
  refused: ImportReport['refused'],
  review: ImportReview[],
): CardKey | undefined {
  if (!resolution) {
    refused.push({ line: line.line, reason: messages.inventoryServer.noPrinting(describeLine(line)) });
    return undefined;
  }
  if ('problem' in resolution) {
    refused.push({ line: line.line, reason: resolution.problem });
    return undefined;
  }
  if ('card' in resolution) return resolution.card;
  const picked = picks?.get(line.line);
  const choice = picked ? resolution.candidates.find((c) => c.id === picked) : undefined;
  if (choice) return choice;
  const { candidates } = resolution;
  refused.push({
    line: line.line,
    reason: picked
      ? messages.inventoryServer.pickNotCandidate(line.line)
      : messages.inventoryServer.severalPrintings(describeLine(line), candidates.length),
  });
  review.push({
    line: line.line,
    name: line.name,
    candidates: candidates.slice(0, importReviewLimit).map((c) => candidateOf(c, line.finish)),
    file: asWritten(line),
    in_catalog: !resolution.missing,
  });
  return undefined;
}

const dollarsOf = (cents: number | null) => (cents === null ? null : cents / 100);

/** The zeroed rows the Activity log names one by one (an import's audit entry stays a few kilobytes). */
const AUDIT_ZEROED_LIMIT = 200;

/**
 * The stock rows a sync leaves as they are although no good line names them: those of the printings (or, with no
 * printing found, the card names) of lines that were refused or left in review. A line refused for a typo in its
 * condition, a proxy or a question still meant its card, so "no good line" is not "none left".
 */
export interface KeptRows {
  cards: Set<string>;
  names: Set<string>;
}

/** The refused and review lines' printings and names, as a sync keeps their rows. */
async function keptRowsOf(ctx: AppContext, lines: CsvLine[]): Promise<KeptRows> {
  const kept: KeptRows = { cards: new Set(), names: new Set() };
  for (const part of chunks(lines, 1000)) {
    const printings = await resolvePrintings(ctx, part);
    for (const line of part) {
      const resolution = printings.get(line);
      if (resolution && 'card' in resolution) kept.cards.add(resolution.card.id);
      else if (resolution && 'candidates' in resolution) for (const c of resolution.candidates) kept.cards.add(c.id);
      // The name too: a mismatched name, or a printing the catalog lacks, still says which card's rows it meant.
      if (line.name) for (const name of [line.name, untagged(line.name)]) kept.names.add(comparable(name));
    }
    await nextTurn();
  }
  return kept;
}

const isKept = (kept: KeptRows | undefined, r: { card_id: string; name: string }) =>
  Boolean(
    kept &&
    (kept.cards.has(r.card_id) ||
      kept.names.has(comparable(r.name)) ||
      r.name.split(' // ').some((face) => kept.names.has(comparable(face)))),
  );

/** A row as the Activity log lists it, with the copies it had: "Lightning Bolt, 2X2 #117, Foil, LP, Japanese: 4". */
const auditRowOf = (r: StockFields & { name: string; set_code: string; collector_number: string }): ZeroedRow => ({
  name: r.name,
  set_code: r.set_code,
  collector_number: r.collector_number,
  finish: r.finish,
  quality: r.quality,
  language: r.language,
  signed: r.signed === 1,
  altered: r.altered === 1,
  quantity: r.quantity,
});

/**
 * What writing `rows` in `mode` changes in the shop's inventory, as it is now: new rows, quantities and asking
 * prices that move, and (sync) the stocked rows the file does not name, which go to 0. `existed` tells, by row,
 * which are in the shop already. Between its reads it lets the event loop turn: on SQLite a read answers at once.
 */
async function differenceOf(db: Executor, shopId: number, mode: ImportMode, rows: ImportRows, kept?: KeptRows) {
  /** By row: the shop's quantity, -1 for a row it does not have; and its asking price, NaN for none. */
  const quantityBefore = new Float64Array(rows.size).fill(-1);
  const askingBefore = new Float64Array(rows.size);
  let merged = 0;
  for (const part of chunks(rows.cardIds())) {
    for (const e of await repo.existingRows(db, shopId, part)) {
      const row = rows.indexOf(e);
      if (row < 0) continue;
      quantityBefore[row] = e.quantity;
      askingBefore[row] = e.asking_price ?? Number.NaN;
      merged++;
    }
    await nextTurn();
  }

  const difference: ImportDifference = {
    mode,
    new_rows: 0,
    quantities_changed: 0,
    prices_changed: 0,
    zeroed: 0,
    unchanged: 0,
    sample: [],
  };
  const changes: Record<'new' | 'changed' | 'zeroed' | 'kept', ImportChange[]> = {
    new: [],
    changed: [],
    zeroed: [],
    kept: [],
  };
  /** Rows with copies this import takes to 0 (sync: not named, or named by a line of 0), as the Activity log names them. */
  const zeroedRows: ZeroedRow[] = [];
  let toZero = 0;
  let empty = 0;
  const note = (list: ImportChange[], change: () => ImportChange) => {
    if (list.length < importChangeSampleLimit) list.push(change());
  };
  /** A stock row as the report names it. */
  const shown = (
    r: Pick<
      PendingRow,
      'name' | 'set_code' | 'collector_number' | 'finish' | 'quality' | 'language' | 'signed' | 'altered'
    >,
  ) => ({
    name: r.name,
    set_code: r.set_code,
    collector_number: r.collector_number,
    finish: finishOf(r.finish),
    quality: qualityOf(r.quality),
    language: languageOf(r.language),
    signed: r.signed === 1,
    altered: r.altered === 1,
  });
  for (let row = 0; row < rows.size; row++) {
    const added = rows.quantity(row);
    const quantityWas = quantityBefore[row]!;
    if (quantityWas < 0) {
      // "None" of a row the shop does not have: nothing to write, its lines skipped.
      if (added === 0) {
        empty += rows.row(row).lines;
        continue;
      }
      if (added > maxStockQuantity) {
        const r = rows.row(row);
        throw new AppError(
          'BAD_REQUEST',
          messages.inventoryServer.importRowTooMany(
            `${r.name} (${r.set_code.toUpperCase()} #${r.collector_number})`,
            added,
          ),
        );
      }
      difference.new_rows++;
      note(changes.new, () => {
        const r = rows.row(row);
        return {
          change: 'new',
          ...shown(r),
          quantity_before: 0,
          quantity_after: r.quantity,
          price_before: null,
          price_after: dollarsOf(r.asking_price),
        };
      });
      continue;
    }
    const r = rows.row(row);
    const askingWas = Number.isNaN(askingBefore[row]!) ? null : askingBefore[row]!;
    const quantity = mode === 'add' ? quantityWas + r.quantity : r.quantity;
    if (quantity > maxStockQuantity)
      throw new AppError(
        'BAD_REQUEST',
        messages.inventoryServer.importRowTooMany(
          `${r.name} (${r.set_code.toUpperCase()} #${r.collector_number})`,
          quantity,
        ),
      );
    const price = r.asking_price ?? askingWas;
    const quantityMoves = quantity !== quantityWas;
    const priceMoves = price !== askingWas;
    if (quantity === 0 && quantityWas > 0) {
      toZero++;
      if (zeroedRows.length < AUDIT_ZEROED_LIMIT) zeroedRows.push(auditRowOf({ ...r, quantity: quantityWas }));
    }
    if (quantityMoves) difference.quantities_changed++;
    if (priceMoves) difference.prices_changed++;
    if (!quantityMoves && !priceMoves) difference.unchanged++;
    else
      note(changes.changed, () => ({
        change: quantityMoves ? 'quantity' : 'price',
        ...shown(r),
        quantity_before: quantityWas,
        quantity_after: quantity,
        price_before: dollarsOf(askingWas),
        price_after: dollarsOf(price),
      }));
  }
  const zeroedIds: number[] = [];
  if (mode === 'sync') {
    let stocked = 0;
    let keptRows = 0;
    for await (const batch of repo.stockedRows(db, shopId)) {
      stocked += batch.length;
      for (const r of batch) {
        if (rows.indexOf(r) >= 0) continue;
        if (isKept(kept, r)) {
          keptRows++;
          note(changes.kept, () => ({
            change: 'kept',
            ...shown(r),
            quantity_before: r.quantity,
            quantity_after: r.quantity,
            price_before: dollarsOf(r.asking_price),
            price_after: dollarsOf(r.asking_price),
          }));
          continue;
        }
        zeroedIds.push(r.id);
        if (zeroedRows.length < AUDIT_ZEROED_LIMIT) zeroedRows.push(auditRowOf(r));
        note(changes.zeroed, () => ({
          change: 'zeroed',
          ...shown(r),
          quantity_before: r.quantity,
          quantity_after: 0,
          price_before: dollarsOf(r.asking_price),
          price_after: dollarsOf(r.asking_price),
        }));
      }
      await nextTurn();
    }
    difference.zeroed = zeroedIds.length;
    difference.kept = keptRows;
    difference.stocked_before = stocked;
    toZero += zeroedIds.length;
    // A sync that takes more than half of the rows with copies (all of them included) is no routine count: the
    // owner confirms it with its number, which the commit checks against its own count.
    if (toZero > 0 && toZero * 2 > stocked) difference.confirm_zero_rows = toZero;
  }
  difference.sample = [...changes.new, ...changes.changed, ...changes.kept, ...changes.zeroed].slice(
    0,
    importChangeSampleLimit,
  );
  const existed = (row: number) => quantityBefore[row]! >= 0;
  return { difference, merged, existed, zeroedIds, empty, zeroedRows, toZero };
}

export function createInventoryCsvService(ctx: AppContext, stock: StockWriter) {
  const now = () => ctx.clock.now().toISOString();

  /**
   * The file an import reads: the one sent, kept under `importId` when one is given (the check's upload, so the
   * commit needs no second one), or without a file the shop's upload kept under `importId`, read a part at a time;
   * `keptAt` tells the kept upload from a file sent again under its id since.
   */
  async function uploadOf(
    shopId: number,
    sent: Buffer | undefined,
    importId: string | undefined,
  ): Promise<{ parts: Iterable<Buffer> | AsyncIterable<Buffer>; size: number; keptAt?: string; sent?: boolean }> {
    if (sent) {
      // A binary file is refused before it is kept.
      if (sent.includes(0)) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNotCsv);
      if (!importId) return { parts: [sent], size: sent.length };
      const upload = { id: importId, shop_id: shopId, file: sent, created_at: now() };
      if (!(await withTransaction(ctx.db, (tx) => uploads.keep(tx, upload))))
        throw new AppError('CONFLICT', messages.inventoryServer.importIdTaken);
      return { parts: [sent], size: sent.length, keptAt: upload.created_at, sent: true };
    }
    if (!importId) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNoFile);
    const since = new Date(ctx.clock.now().getTime() - UPLOAD_KEPT_MINUTES * 60_000).toISOString();
    const kept = await uploads.kept(ctx.db, shopId, importId, since);
    if (!kept) throw new AppError('NOT_FOUND', messages.inventoryServer.importExpired);
    return { parts: uploads.parts(ctx.db, importId), size: kept.total_bytes, keptAt: kept.created_at };
  }

  return {
    /** How far the server has read the shop's upload kept under `importId`. */
    async progress(actor: Actor, importId: string): Promise<ImportProgress> {
      const { shopId } = requireRole(actor, 'inventory:import');
      const since = new Date(ctx.clock.now().getTime() - UPLOAD_KEPT_MINUTES * 60_000).toISOString();
      const row = await uploads.status(ctx.db, shopId, importId, since);
      if (!row) throw new AppError('NOT_FOUND', messages.inventoryServer.importExpired);
      const { id, ...progress } = row;
      return { import_id: id, ...progress };
    },

    /**
     * Streams the inventory as CSV: Cardstock's own layout, which the import reads back to the same inventory, or
     * the layout another tool imports. A cell a spreadsheet would run as a formula is written after a `'`, unless it is
     * catalog text (a card named "+2 Mace"), which the tools' own exports write bare.
     */
    async export(actor: Actor, format: ExportFormat, reply: FastifyReply): Promise<FastifyReply> {
      const { shopId } = requireRole(actor, 'inventory:export');
      const layout = EXPORT_LAYOUTS[format];
      const csv = csvStream(layout.header, { delimiter: layout.delimiter });
      // The set a token or promo set goes with ("tktk" → "Khans of Tarkir"), which Deckbox and TCGplayer name.
      const parents = new Map<string, string | null>();
      const pump = async () => {
        for await (const batch of repo.exportBatches(ctx.db, shopId)) {
          const asked = [...new Set(batch.map((r) => r.set_code.slice(1)))].filter((c) => c && !parents.has(c));
          for (const c of asked) parents.set(c, null);
          if (asked.length)
            for (const set of await catalog.setNamesByCode(ctx.db, asked)) parents.set(set.set_code, set.set_name);
          for (const r of batch) {
            const row = { ...r, parent_set_name: parents.get(r.set_code.slice(1)) ?? null };
            if (!csv.writeRow(layout.cells(row))) await once(csv, 'drain');
          }
        }
        if (layout.sealedCells)
          for await (const batch of sealedRepository.all(ctx.db, shopId))
            for (const p of batch) if (!csv.writeRow(layout.sealedCells(p))) await once(csv, 'drain');
        csv.end();
      };
      pump().catch((err: unknown) => csv.destroy(err instanceof Error ? err : new Error(String(err))));
      const date = ctx.clock.now().toISOString().slice(0, 10);
      const name = format === 'cardstock' ? `inventory_export_${date}.csv` : `inventory_export_${date}_${format}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },

    /**
     * Imports a CSV in one transaction. A file with refused lines imports nothing unless the caller accepts a
     * partial import; a dry run only reports. `mode`: add the copies to stock, set the named rows' quantities,
     * or make the file the singles inventory (rows it does not name go to 0; copies held by pending orders are
     * not in a row's quantity, so a sync never takes them).
     */
    async import(
      actor: Actor,
      input: {
        /** The file; none when `importId` names an upload kept since its check. */
        file?: Buffer;
        /** Keeps the file under this id (with a file) or takes the kept one (without). */
        importId?: string;
        dryRun: boolean;
        acceptPartial: boolean;
        picks?: ReadonlyMap<number, string>;
        mode?: ImportMode;
        /** A sync that sets most rows to 0 goes ahead only with this count, the one its check reported. */
        confirmZeroRows?: number;
        /** The file's name, for the Activity log. */
        fileName?: string;
      },
    ): Promise<{ status: 200 | 422; report: ImportReport }> {
      const { shopId, email } = requireRole(actor, 'inventory:import');
      const mode = input.mode ?? 'add';
      const { importId } = input;
      const file = await uploadOf(shopId, input.file, importId);
      const refused: ImportReport['refused'] = [];
      const review: ImportReview[] = [];
      let format: CsvFormat = 'cardstock';
      let read = 0;
      let unreadable = 0;
      let skipped = 0;
      // Lines come and are matched a batch at a time; a row keeps only what the write needs.
      const rows = new ImportRows();
      /** Sync: the refused and review lines, whose rows are kept as they are. */
      const unsure: CsvLine[] = [];
      /** Cardstock's own file: its sealed products, written by the sealed module. */
      const sealed: SealedLine[] = [];
      let progressAt = performance.now();
      // Setting quantities, a row with no copies says "none left": read it (and skip it when it finds no row).
      for await (const batch of readCsv(file.parts, file.size, { keepEmpty: mode !== 'add' })) {
        if ('format' in batch) {
          format = batch.format;
          continue;
        }
        refused.push(...batch.problems);
        if (batch.sealed) sealed.push(...batch.sealed);
        if (mode === 'sync') for (const p of batch.problems) if (p.named) unsure.push(p.named);
        unreadable += batch.problems.length;
        skipped += batch.skipped;
        read += batch.lines.length;
        const part = batch.lines;
        const printings = await resolvePrintings(ctx, part);
        // On SQLite the lookups answered at once: other requests get their turn before the batch is folded in.
        await nextTurn();
        for (const line of part) {
          const resolution = printings.get(line);
          const card = resolution && 'card' in resolution ? resolution.card : undefined;
          // "None of these" needs no question: a line of 0 copies that finds no one row is nothing to change.
          if (line.quantity === 0 && !(card && hasFinish(card, line.finish))) {
            skipped++;
            read--;
            continue;
          }
          const chosen = choosePrinting(line, resolution, input.picks, refused, review);
          if (!chosen || !hasFinish(chosen, line.finish)) {
            if (mode === 'sync') unsure.push(line);
          }
          if (!chosen) continue;
          if (!hasFinish(chosen, line.finish)) {
            refused.push({
              line: line.line,
              reason: `${chosen.name} (${chosen.set_code.toUpperCase()} #${chosen.collector_number}) has no ${line.finish} printing.`,
            });
            continue;
          }
          if (format === 'cardstock' && line.price !== undefined && line.price > maxAskingPrice) {
            refused.push({ line: line.line, reason: messages.inventoryServer.importPriceTooHigh(line.price) });
            if (mode === 'sync') unsure.push(line);
            continue;
          }
          // Only Cardstock's own file carries the shop's asking price; other tools' prices are what a player paid.
          rows.add(
            chosen,
            line,
            format === 'cardstock' && line.price !== undefined ? dollarsToCents(line.price) : null,
          );
        }
        if (importId && performance.now() - progressAt >= PROGRESS_MS) {
          progressAt = performance.now();
          await uploads.progress(ctx.db, shopId, importId, {
            read_bytes: Math.round(batch.parsed * file.size),
            rows_read: read + unreadable,
            matched: rows.size,
          });
        }
      }
      refused.sort((a, b) => a.line - b.line);

      const kept = mode === 'sync' && unsure.length ? await keptRowsOf(ctx, unsure) : undefined;
      // A sync of a file with sealed rows only says nothing of the singles: they are left as they are.
      const singlesMode: ImportMode = mode === 'sync' && rows.size === 0 && sealed.length ? 'set' : mode;
      const { difference, merged, empty } = await differenceOf(ctx.db, shopId, singlesMode, rows, kept);
      if (mode === 'sync' && rows.size === 0 && !sealed.length)
        throw new AppError('BAD_REQUEST', messages.inventoryServer.syncEmpty);
      const sealedPlan = sealed.length ? await planSealedImport(ctx.db, shopId, sealed, mode) : undefined;
      skipped += empty;
      const lines = read - empty - (refused.length - unreadable);
      const report: ImportReport = {
        message: '',
        format,
        dry_run: input.dryRun,
        imported: false,
        rows: lines,
        added: difference.new_rows,
        merged,
        copies: rows.copies(),
        refused,
        ...(skipped ? { skipped } : {}),
        ...(review.length ? { review: review.sort((a, b) => a.line - b.line) } : {}),
        difference,
        ...(sealedPlan ? { sealed: sealedPlan.report } : {}),
        ...(importId ? { import_id: importId } : {}),
      };
      if (importId)
        await uploads.progress(ctx.db, shopId, importId, {
          read_bytes: file.size,
          rows_read: read + unreadable,
          matched: rows.size,
          state: 'checked',
        });
      if (input.dryRun)
        return {
          status: 200,
          report: { ...report, message: messages.inventoryServer.importDryRun(lines, refused.length) },
        };
      if (refused.length && !input.acceptPartial) {
        return { status: 422, report: { ...report, message: messages.inventoryServer.importRefused(refused.length) } };
      }
      const confirmNeeded = difference.confirm_zero_rows;
      if (confirmNeeded !== undefined && input.confirmZeroRows !== confirmNeeded) {
        return {
          status: 422,
          report: {
            ...report,
            message: messages.inventoryServer.syncConfirmNeeded(confirmNeeded, difference.stocked_before ?? 0),
          },
        };
      }

      const at = now();
      // What the commit changed: the same as the dry run's unless stock moved in between (an order, an edit).
      const done = await withTransaction(ctx.db, async (tx) => {
        // Imported, the kept file has done its work. A file read from its upload is the commit's own: a second commit
        // of it (or of one sent again under its id since) finds it gone and writes nothing.
        if (importId && file.keptAt && !(await uploads.remove(tx, shopId, importId, file.keptAt)) && !file.sent)
          throw new AppError('NOT_FOUND', messages.inventoryServer.importExpired);
        const written = await differenceOf(tx, shopId, singlesMode, rows, kept);
        // The check's count is what the owner confirmed: stock that moved since (an order, an edit) asks again.
        const confirming = written.difference.confirm_zero_rows;
        if (confirming !== undefined && confirming !== input.confirmZeroRows)
          throw new AppError('CONFLICT', messages.inventoryServer.syncConfirmChanged(confirming));
        // A chunk at a time, the event loop turning between chunks: on SQLite each write answers at once, and the
        // server keeps answering other requests while a long import is written (one transaction all the same).
        let part: ImportRow[] = [];
        const flush = async () => {
          await repo.addMany(tx, part, at, { replace: mode !== 'add', engine: ctx.engine });
          part = [];
          await nextTurn();
        };
        for (let row = 0; row < rows.size; row++) {
          if (rows.quantity(row) === 0 && !written.existed(row)) continue;
          part.push({ shop_id: shopId, ...rows.row(row) });
          if (part.length === WRITE_CHUNK[ctx.engine]) await flush();
        }
        if (part.length) await flush();
        for (const ids of chunks(written.zeroedIds)) {
          await repo.zeroRows(tx, shopId, ids, at);
          await nextTurn();
        }
        const sealedWritten = sealed.length ? await planSealedImport(tx, shopId, sealed, mode) : undefined;
        if (sealedWritten) await writeSealedImport(tx, actor, { shopId, email }, sealedWritten, at);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.import',
          subject: format,
          detail: JSON.stringify({
            mode,
            rows: lines,
            added: written.difference.new_rows,
            merged: written.merged,
            zeroed: written.difference.zeroed,
            refused: refused.length,
            ...(input.fileName ? { file: input.fileName } : {}),
            ...(sealedWritten
              ? { sealed_added: sealedWritten.report.added, sealed_changed: sealedWritten.report.changed }
              : {}),
            ...(mode === 'sync' ? { kept: written.difference.kept ?? 0 } : {}),
            // Which rows went to 0, not only how many: the owner can put back what a wrong file took.
            ...(written.toZero
              ? {
                  zeroed_rows: written.zeroedRows,
                  ...(written.toZero > written.zeroedRows.length
                    ? { zeroed_rows_more: written.toZero - written.zeroedRows.length }
                    : {}),
                }
              : {}),
          }),
          created_at: at,
        });
        await stock.stockChanged(tx, shopId, { kind: 'other' });
        return { ...written, sealed: sealedWritten?.report };
      });
      return {
        status: 200,
        report: {
          ...report,
          added: done.difference.new_rows,
          merged: done.merged,
          difference: done.difference,
          ...(done.sealed ? { sealed: done.sealed } : {}),
          imported: true,
          message: messages.inventoryServer.importDone(lines),
        },
      };
    },
  };
}
