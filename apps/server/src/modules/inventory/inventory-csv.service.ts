import { once } from 'node:events';
import {
  centsText,
  dollarsToCents,
  finishOf,
  importReviewLimit,
  messages,
  type ImportCandidate,
  type ImportReport,
  type ImportReview,
} from '@cardstock/contract';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import { CARDSTOCK_CSV_HEADER, type CsvFormat, type CsvLine } from './csv-formats.ts';
import { readCsv } from './csv-read.ts';
import { inventoryRepository as repo, type CardKey } from './inventory.repository.ts';
import type { StockWriter } from './read-model.ts';

const CHUNK = 500;

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
  ]
    .filter(Boolean)
    .join(' ') || 'this line';

const candidateOf = (card: CardKey): ImportCandidate => ({
  scryfall_id: card.id,
  name: card.name,
  set_code: card.set_code,
  set_name: card.set_name,
  collector_number: card.collector_number,
  finishes: card.finishes.split(',').filter(Boolean).map(finishOf),
  image: card.image_small,
});

/** A row an import will add, or add to. */
interface PendingRow {
  card_id: string;
  finish: string;
  quality: string;
  quantity: number;
  /** Cents; null keeps the row's (or the pricing rule's) price. */
  asking_price: number | null;
  sort_name: string;
  set_code: string;
}

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
export type Resolution = { card: CardKey } | { problem: string } | { candidates: CardKey[] };

/**
 * Finds the printing of every line, never by a guess: the Scryfall id, else the tool's own id (TCGplayer
 * product), else set code + collector number, else set name + collector number, each checked against the
 * line's card name when it gives one; else, for a line that names no printing, the name (within the line's set,
 * when given) when exactly one printing has it and the line's finish. Several printings, or a printing named
 * that the catalog lacks: the line goes to review, with the printings of its name as candidates.
 */
async function resolvePrintings(ctx: AppContext, lines: CsvLine[]): Promise<Map<CsvLine, Resolution>> {
  const byId = new Map<string, CardKey>();
  const byTcg = new Map<number, CardKey>();
  const bySetNumber = new Map<string, CardKey>();
  const setCodesByName = new Map<string, string[]>();
  const byName = new Map<string, CardKey[]>();
  const found = new Map<CsvLine, CardKey>();
  const pending = () => lines.filter((l) => !found.has(l));

  const ids = [...new Set(lines.flatMap((l) => (l.scryfallId ? [l.scryfallId] : [])))];
  for (const part of chunks(ids)) for (const c of await repo.cardsById(ctx.db, part)) byId.set(c.id, c);
  for (const l of lines) if (l.scryfallId && byId.has(l.scryfallId)) found.set(l, byId.get(l.scryfallId)!);

  const tcg = [...new Set(pending().flatMap((l) => (l.tcgplayerId ? [l.tcgplayerId] : [])))];
  for (const part of chunks(tcg))
    for (const c of await repo.cardsByTcgplayer(ctx.db, part)) if (c.tcgplayer_id) byTcg.set(c.tcgplayer_id, c);
  for (const l of pending()) if (l.tcgplayerId && byTcg.has(l.tcgplayerId)) found.set(l, byTcg.get(l.tcgplayerId)!);

  // Set names become set codes, so set name + number is asked as set code + number.
  const setNames = [...new Set(pending().flatMap((l) => (!l.setCode && l.setName ? [l.setName.toLowerCase()] : [])))];
  for (const part of chunks(setNames)) {
    for (const set of await repo.setsByName(ctx.db, part)) {
      const key = set.set_name.toLowerCase();
      setCodesByName.set(key, [...(setCodesByName.get(key) ?? []), set.set_code]);
    }
  }
  // A set "name" no set has may be a code written in a name column ("M10" under "Set").
  const setsOf = (l: CsvLine): string[] =>
    l.setCode
      ? [l.setCode]
      : l.setName
        ? (setCodesByName.get(l.setName.toLowerCase()) ?? [l.setName.toLowerCase()])
        : [];
  const pairs = new Map<string, { set: string; number: string }>();
  for (const l of pending()) {
    if (!l.collectorNumber) continue;
    for (const set of setsOf(l)) pairs.set(`${set}|${l.collectorNumber}`, { set, number: l.collectorNumber });
  }
  for (const part of chunks([...pairs.values()], 200)) {
    for (const c of await repo.cardsBySetNumber(ctx.db, part))
      bySetNumber.set(`${c.set_code}|${c.collector_number}`, c);
  }
  for (const l of pending()) {
    const hits = setsOf(l).flatMap((set) => bySetNumber.get(`${set}|${l.collectorNumber}`) ?? []);
    if (hits.length === 1) found.set(l, hits[0]!);
  }

  const names = [
    ...new Set(pending().flatMap((l) => (l.name ? [normalizeName(l.name), normalizeName(untagged(l.name))] : []))),
  ];
  for (const part of chunks(names, 200)) {
    for (const c of await repo.cardsByName(ctx.db, part)) {
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
    if (!l.name) continue;
    const sets = setsOf(l);
    const named = [
      ...new Set([
        ...(byName.get(normalizeName(l.name)) ?? []),
        ...(byName.get(normalizeName(untagged(l.name))) ?? []),
      ]),
    ].filter((c) => namesMatch(l.name, c) && (!(l.setCode || l.setName) || sets.includes(c.set_code)));
    // The line's finish narrows the printings (a foil line is no foil-less printing) when any has it.
    const withFinish = named.filter((c) => c.finishes.split(',').includes(l.finish));
    const candidates = withFinish.length ? withFinish : named;
    // A line that named its printing (an id, a number) the catalog lacks is a question even with one candidate:
    // "SNC #369" is not "SNC #182" because the set has only that one of the name.
    const namedPrinting = Boolean(l.scryfallId || l.tcgplayerId || l.collectorNumber);
    if (candidates.length === 1 && !namedPrinting) resolved.set(l, { card: candidates[0]! });
    else if (candidates.length > 0) resolved.set(l, { candidates });
  }
  return resolved;
}

export function createInventoryCsvService(ctx: AppContext, stock: StockWriter) {
  const now = () => ctx.clock.now().toISOString();

  return {
    /** Streams the inventory as Cardstock's CSV, which the import reads back to the same inventory. */
    async export(actor: Actor, reply: FastifyReply): Promise<FastifyReply> {
      const { shopId } = requireRole(actor, 'inventory:export');
      const csv = stringify({ header: true, columns: CARDSTOCK_CSV_HEADER });
      const pump = async () => {
        for await (const batch of repo.exportBatches(ctx.db, shopId)) {
          for (const r of batch) {
            const row = [
              r.name,
              r.set_code,
              r.collector_number,
              r.card_id,
              r.finish,
              r.quality,
              r.quantity,
              centsText(r.asking_price) ?? '',
            ];
            if (!csv.write(row)) await once(csv, 'drain');
          }
        }
        csv.end();
      };
      pump().catch((err: unknown) => csv.destroy(err instanceof Error ? err : new Error(String(err))));
      const date = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="inventory_export_${date}.csv"`)
        .send(csv);
    },

    /**
     * Imports a CSV in one transaction. A file with refused lines imports
     * nothing unless the caller accepts a partial import; a dry run only reports.
     */
    async import(
      actor: Actor,
      input: { file: Buffer; dryRun: boolean; acceptPartial: boolean; picks?: ReadonlyMap<number, string> },
    ): Promise<{ status: 200 | 422; report: ImportReport }> {
      const { shopId, email } = requireRole(actor, 'inventory:import');
      if (input.file.includes(0)) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNotCsv);
      const refused: ImportReport['refused'] = [];
      const review: ImportReview[] = [];
      let format: CsvFormat = 'cardstock';
      let read = 0;
      let unreadable = 0;
      let skipped = 0;
      // Lines of the same printing, finish and condition add up, as they would one by one.
      // Lines come and are matched a batch at a time; a row keeps only what the write needs.
      const rows = new Map<string, PendingRow>();
      for await (const batch of readCsv(input.file)) {
        if ('format' in batch) {
          format = batch.format;
          continue;
        }
        refused.push(...batch.problems);
        unreadable += batch.problems.length;
        skipped += batch.skipped;
        read += batch.lines.length;
        const part = batch.lines;
        const printings = await resolvePrintings(ctx, part);
        for (const line of part) {
          const resolution = printings.get(line);
          if (!resolution) {
            refused.push({ line: line.line, reason: messages.inventoryServer.noPrinting(describeLine(line)) });
            continue;
          }
          if ('problem' in resolution) {
            refused.push({ line: line.line, reason: resolution.problem });
            continue;
          }
          let card: CardKey;
          if ('candidates' in resolution) {
            const picked = input.picks?.get(line.line);
            const choice = picked ? resolution.candidates.find((c) => c.id === picked) : undefined;
            if (!choice) {
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
                candidates: candidates.slice(0, importReviewLimit).map(candidateOf),
              });
              continue;
            }
            card = choice;
          } else card = resolution.card;
          if (!card.finishes.split(',').includes(line.finish)) {
            refused.push({
              line: line.line,
              reason: `${card.name} (${card.set_code.toUpperCase()} #${card.collector_number}) has no ${line.finish} printing.`,
            });
            continue;
          }
          const key = `${card.id}|${line.finish}|${line.quality}`;
          // Only Cardstock's own file carries the shop's asking price; other tools' prices are what a player paid.
          const asking = format === 'cardstock' && line.price !== undefined ? dollarsToCents(line.price) : null;
          const prev = rows.get(key);
          if (prev) {
            prev.quantity += line.quantity;
            prev.asking_price = asking ?? prev.asking_price;
          } else {
            rows.set(key, {
              card_id: card.id,
              finish: line.finish,
              quality: line.quality,
              quantity: line.quantity,
              asking_price: asking,
              sort_name: card.sort_name,
              set_code: card.set_code,
            });
          }
        }
      }
      refused.sort((a, b) => a.line - b.line);

      let merged = 0;
      const cardIds = [...new Set(Array.from(rows.values(), (r) => r.card_id))];
      for (const part of chunks(cardIds)) {
        for (const e of await repo.existingKeys(ctx.db, shopId, part))
          if (rows.has(`${e.card_id}|${e.finish}|${e.quality}`)) merged++;
      }
      const lines = read - (refused.length - unreadable);
      const report: ImportReport = {
        message: '',
        format,
        dry_run: input.dryRun,
        imported: false,
        rows: lines,
        added: rows.size - merged,
        merged,
        copies: [...rows.values()].reduce((n, r) => n + r.quantity, 0),
        refused,
        ...(skipped ? { skipped } : {}),
        ...(review.length ? { review: review.sort((a, b) => a.line - b.line) } : {}),
      };
      if (input.dryRun)
        return {
          status: 200,
          report: { ...report, message: messages.inventoryServer.importDryRun(lines, refused.length) },
        };
      if (refused.length && !input.acceptPartial) {
        return { status: 422, report: { ...report, message: messages.inventoryServer.importRefused(refused.length) } };
      }

      const at = now();
      await withTransaction(ctx.db, async (tx) => {
        for (const part of chunks([...rows.values()], 200)) {
          await repo.addMany(
            tx,
            part.map((r) => ({ shop_id: shopId, ...r })),
            at,
          );
        }
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.import',
          subject: format,
          detail: JSON.stringify({ rows: lines, added: report.added, merged, refused: refused.length }),
          created_at: at,
        });
        await stock.stockChanged(tx, shopId, { kind: 'other' });
      });
      return {
        status: 200,
        report: { ...report, imported: true, message: messages.inventoryServer.importDone(lines) },
      };
    },
  };
}
