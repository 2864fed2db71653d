import { once } from 'node:events';
import { messages, type ImportReport, centsText, dollarsToCents } from '@cardstock/contract';
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

/** Finds the printing of every line: Scryfall id, else set + number, else TCGplayer id, else name (+ set). */
async function matchPrintings(ctx: AppContext, lines: CsvLine[]): Promise<Map<CsvLine, CardKey>> {
  const byId = new Map<string, CardKey>();
  const bySetNumber = new Map<string, CardKey>();
  const byTcg = new Map<number, CardKey>();
  const byName = new Map<string, CardKey[]>();
  const ids = [...new Set(lines.flatMap((l) => (l.scryfallId ? [l.scryfallId] : [])))];
  for (const part of chunks(ids)) for (const c of await repo.cardsById(ctx.db, part)) byId.set(c.id, c);

  const pairs = new Map<string, { set: string; number: string }>();
  for (const l of lines) {
    if (l.scryfallId && byId.has(l.scryfallId)) continue;
    if (l.setCode && l.collectorNumber)
      pairs.set(`${l.setCode}|${l.collectorNumber}`, { set: l.setCode, number: l.collectorNumber });
  }
  for (const part of chunks([...pairs.values()], 200)) {
    for (const c of await repo.cardsBySetNumber(ctx.db, part))
      bySetNumber.set(`${c.set_code}|${c.collector_number}`, c);
  }
  // Each next way is asked only for the lines the ways before it left unmatched.
  const matchedSoFar = (l: CsvLine) =>
    (l.scryfallId !== undefined && byId.has(l.scryfallId)) ||
    (l.setCode !== undefined && bySetNumber.has(`${l.setCode}|${l.collectorNumber}`));
  let unmatched = lines.filter((l) => !matchedSoFar(l));
  const tcg = [...new Set(unmatched.flatMap((l) => (l.tcgplayerId ? [l.tcgplayerId] : [])))];
  for (const part of chunks(tcg))
    for (const c of await repo.cardsByTcgplayer(ctx.db, part)) if (c.tcgplayer_id) byTcg.set(c.tcgplayer_id, c);
  unmatched = unmatched.filter((l) => !(l.tcgplayerId !== undefined && byTcg.has(l.tcgplayerId)));
  const names = [...new Set(unmatched.filter((l) => l.name).map((l) => normalizeName(l.name)))];
  for (const part of chunks(names)) {
    for (const c of await repo.cardsByName(ctx.db, part))
      byName.set(c.sort_name, [...(byName.get(c.sort_name) ?? []), c]);
  }

  const found = new Map<CsvLine, CardKey>();
  for (const l of lines) {
    const named = l.name ? byName.get(normalizeName(l.name)) : undefined;
    const card =
      (l.scryfallId && byId.get(l.scryfallId)) ||
      (l.setCode && l.collectorNumber && bySetNumber.get(`${l.setCode}|${l.collectorNumber}`)) ||
      (l.tcgplayerId && byTcg.get(l.tcgplayerId)) ||
      (named && (l.setCode ? named.find((c) => c.set_code === l.setCode) : named[0]));
    if (card) found.set(l, card);
  }
  return found;
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
      input: { file: Buffer; dryRun: boolean; acceptPartial: boolean },
    ): Promise<{ status: 200 | 422; report: ImportReport }> {
      const { shopId, email } = requireRole(actor, 'inventory:import');
      if (input.file.includes(0)) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNotCsv);
      const refused: ImportReport['refused'] = [];
      let format: CsvFormat = 'cardstock';
      let read = 0;
      let unreadable = 0;
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
        read += batch.lines.length;
        const part = batch.lines;
        const printings = await matchPrintings(ctx, part);
        for (const line of part) {
          const card = printings.get(line);
          if (!card) {
            refused.push({ line: line.line, reason: messages.inventoryServer.noPrinting(describeLine(line)) });
            continue;
          }
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
