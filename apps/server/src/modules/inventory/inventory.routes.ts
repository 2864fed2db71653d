import { messages, routes, ZImportForm, type ImportForm } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { createInventoryCsvService } from './inventory-csv.service.ts';
import { createInventoryService } from './inventory.service.ts';
import { createLabelsService } from './labels.ts';
import { createLocationService } from './locations.ts';
import { createQuickAddService } from './quick-add.ts';
import type { InventoryReadModel } from './read-model.ts';

/**
 * The import's form, read with the contract's schema; a refusal is a 400 with the first problem in the order the
 * form is read: a malformed import_id, then a form with neither a file nor an import_id, then the other fields.
 */
function importFormOf(body: Record<string, unknown>, hasFile: boolean): ImportForm {
  const form = ZImportForm.safeParse(body);
  const refusal = form.error?.issues[0];
  if (refusal?.path[0] === 'import_id') throw new AppError('BAD_REQUEST', refusal.message);
  // A well-formed import_id is never blank: a form refused for another field has one exactly when it is not blank.
  const hasImportId = form.success ? form.data.import_id !== undefined : Boolean(body.import_id);
  if (!hasFile && !hasImportId) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNoFile);
  if (!form.success) throw new AppError('BAD_REQUEST', form.error.issues[0]!.message);
  return form.data;
}

/** Registers the staff's inventory calls: list, live search, name suggestions, add, edit, reprice, locations, quick add, labels, price changes, delete all, CSV export and import. */
export function inventoryRoutes(app: FastifyInstance, ctx: AppContext, reads: InventoryReadModel): void {
  const inventory = createInventoryService(ctx, reads);
  // Kept answers: compressed once per answer, not once per request.
  const kept = { precompressed: true };
  registerRoute(app, routes.inventoryList, ({ actor, body }) => inventory.list(actor, body), kept);
  registerRoute(app, routes.search, ({ actor, body }) => inventory.search(actor, body), kept);
  registerRoute(app, routes.shopSuggest, ({ actor, body }) => inventory.suggest(actor, body), kept);
  registerRoute(app, routes.inventoryAdd, ({ actor, body }) => inventory.add(actor, body));
  registerRoute(app, routes.inventoryEdit, ({ actor, body }) => inventory.edit(actor, body));
  registerRoute(app, routes.inventoryReprice, ({ actor, body }) => inventory.reprice(actor, body));
  registerRoute(app, routes.inventoryPriceChanges, ({ actor, body }) => inventory.priceChanges(actor, body));
  registerRoute(app, routes.inventoryPriceChangesKeep, ({ actor, body }) => inventory.keepPriceChanges(actor, body));
  registerRoute(app, routes.inventoryDeleteAll, ({ actor }) => inventory.deleteAll(actor));
  const locations = createLocationService(ctx, reads);
  registerRoute(app, routes.inventoryLocate, ({ actor, body }) => locations.locate(actor, body));
  registerRoute(app, routes.inventoryLocations, ({ actor }) => locations.locations(actor));
  const quickAdd = createQuickAddService(ctx, reads);
  registerRoute(app, routes.inventoryQuickAdd, ({ actor, body }) => quickAdd.add(actor, body));
  registerRoute(app, routes.inventoryQuickAddUndo, ({ actor, body }) => quickAdd.undo(actor, body));
  const labels = createLabelsService(ctx);
  registerRoute(app, routes.inventoryLabelsPrinted, ({ actor, body }) => labels.printed(actor, body));
  registerRoute(app, routes.inventoryLabelsOutdated, ({ actor }) => labels.outdated(actor));

  const csv = createInventoryCsvService(ctx, reads);
  registerRoute(app, routes.inventoryExport, ({ actor, body }, _request, reply) =>
    csv.export(actor, body.format ?? 'cardstock', reply),
  );
  registerRoute(app, routes.inventoryImportProgress, ({ actor, body }) => csv.progress(actor, body.import_id));
  registerRoute(app, routes.inventoryImport, async ({ actor, body }, _request, reply) => {
    const file = Buffer.isBuffer(body.file) && body.file.length > 0 ? body.file : undefined;
    const form = importFormOf(body, file !== undefined);
    const { status, report } = await csv.import(actor, {
      file,
      importId: form.import_id,
      dryRun: form.dry_run,
      acceptPartial: form.accept_partial,
      picks: form.picks,
      mode: form.mode,
      confirmZeroRows: form.confirm_zero_rows,
      fileName: form.file_name,
    });
    if (status === 422) return reply.code(422).send(report);
    return report;
  });
}
