import { once } from 'node:events';
import type { ExportFormat } from '@cardstock/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { csvStream } from '../../lib/csv.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { csvCatalogRepository as catalog } from './csv-catalog.repository.ts';
import { EXPORT_LAYOUTS } from './csv-exports.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';

/**
 * Streams the shop's inventory as CSV: Cardstock's own layout, which the import reads back to the same inventory, or
 * the layout another tool imports. A cell a spreadsheet would run as a formula is written after a `'`, unless it is
 * catalog text (a card named "+2 Mace"), which the tools' own exports write bare.
 */
export function exportInventory(
  ctx: AppContext,
  shopId: number,
  format: ExportFormat,
  reply: FastifyReply,
): FastifyReply {
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
}
