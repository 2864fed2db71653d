import type { ExportFormat, ImportProgress, ImportReport } from '@cardstock/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { answerBeforeCommit, checkImport, type ImportInput } from './import-check.ts';
import { commitImport } from './import-commit.ts';
import { uploadProgress } from './import-upload.ts';
import { exportInventory } from './inventory-export.ts';
import type { StockWriter } from './read-model.ts';

/**
 * The inventory's CSV calls: export (inventory-export.ts), and import, which checks the file (import-check.ts:
 * read, matched to printings, reviewed, its difference counted) and, unless that is all the caller asked, writes it
 * (import-commit.ts).
 */
export function createInventoryCsvService(ctx: AppContext, stock: StockWriter) {
  return {
    /** How far the server has read the shop's upload kept under `importId`. */
    async progress(actor: Actor, importId: string): Promise<ImportProgress> {
      const { shopId } = requireRole(actor, 'inventory:import');
      return uploadProgress(ctx, shopId, importId);
    },

    /**
     * Streams the inventory as CSV: Cardstock's own layout, which the import reads back to the same inventory, or
     * the layout another tool imports.
     */
    async export(actor: Actor, format: ExportFormat, reply: FastifyReply): Promise<FastifyReply> {
      const { shopId } = requireRole(actor, 'inventory:export');
      return exportInventory(ctx, shopId, format, reply);
    },

    /**
     * Imports a CSV in one transaction. A file with refused lines imports nothing unless the caller accepts a
     * partial import; a dry run only reports. `mode`: add the copies to stock, set the named rows' quantities,
     * or make the file the singles inventory (rows it does not name go to 0; copies held by pending orders are
     * not in a row's quantity, so a sync never takes them).
     */
    async import(actor: Actor, input: ImportInput): Promise<{ status: 200 | 422; report: ImportReport }> {
      const shopActor = requireRole(actor, 'inventory:import');
      const checked = await checkImport(ctx, shopActor.shopId, input);
      return answerBeforeCommit(checked, input) ?? commitImport(ctx, stock, shopActor, checked, input);
    },
  };
}
