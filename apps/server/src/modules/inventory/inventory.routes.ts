import { importModes, messages, routes, ZImportId, type ImportMode } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { createInventoryCsvService } from './inventory-csv.service.ts';
import { createInventoryService } from './inventory.service.ts';
import type { InventoryReadModel } from './read-model.ts';

/** The picks field of an import: JSON {"<line>": "<Scryfall id>"}; anything else is refused. */
function picksOf(text: unknown): Map<number, string> | undefined {
  if (text === undefined || text === '') return undefined;
  let value: unknown;
  try {
    value = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    value = undefined;
  }
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : null;
  if (!entries || entries.some(([line, id]) => !/^\d+$/.test(line) || typeof id !== 'string'))
    throw new AppError('BAD_REQUEST', messages.inventoryServer.picksInvalid);
  return new Map(entries.map(([line, id]) => [Number(line), String(id).toLowerCase()]));
}

/** The mode field of an import: add (also when absent), set or sync. */
function modeOf(text: unknown): ImportMode {
  if (text === undefined || text === '') return 'add';
  if (typeof text === 'string' && (importModes as readonly string[]).includes(text)) return text as ImportMode;
  throw new AppError('BAD_REQUEST', messages.inventoryServer.importModeInvalid);
}

/** The confirm_zero_rows field of a sync: a whole number, or absent. */
function confirmZeroRowsOf(text: unknown): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (typeof text === 'string' && /^\d{1,9}$/.test(text)) return Number(text);
  throw new AppError('BAD_REQUEST', messages.inventoryServer.confirmZeroRowsInvalid);
}

/** The file's name as the Activity log keeps it: one line of text, 200 characters at most. */
const fileNameOf = (text: unknown) =>
  typeof text === 'string' && text.trim()
    ? text
        .replace(/[\p{Cc}]/gu, ' ')
        .trim()
        .slice(0, 200)
    : undefined;

/** Registers the staff's inventory calls: list, live search, name suggestions, add, edit, reprice, price changes, delete all, CSV export and import. */
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

  const csv = createInventoryCsvService(ctx, reads);
  registerRoute(app, routes.inventoryExport, ({ actor, body }, _request, reply) =>
    csv.export(actor, body.format ?? 'cardstock', reply),
  );
  registerRoute(app, routes.inventoryImportProgress, ({ actor, body }) => csv.progress(actor, body.import_id));
  registerRoute(app, routes.inventoryImport, async ({ actor, body }, _request, reply) => {
    const file = Buffer.isBuffer(body.file) && body.file.length > 0 ? body.file : undefined;
    const importId =
      body.import_id === undefined || body.import_id === '' ? undefined : ZImportId.safeParse(body.import_id);
    if (importId && !importId.success) throw new AppError('BAD_REQUEST', importId.error.issues[0]!.message);
    if (!file && !importId) throw new AppError('BAD_REQUEST', messages.inventoryServer.importNoFile);
    const { status, report } = await csv.import(actor, {
      file,
      importId: importId?.data,
      dryRun: body.dry_run === 'true',
      acceptPartial: body.accept_partial === 'true',
      picks: picksOf(body.picks),
      mode: modeOf(body.mode),
      confirmZeroRows: confirmZeroRowsOf(body.confirm_zero_rows),
      fileName: fileNameOf(body.file_name),
    });
    if (status === 422) return reply.code(422).send(report);
    return report;
  });
}
