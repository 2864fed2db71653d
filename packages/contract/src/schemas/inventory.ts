import { z } from 'zod';
import { decimal } from './common.ts';
import { finishes, languageNames, languages, qualities } from '../constants.ts';
import { messages } from '../messages.ts';
import { wholeCents } from '../money.ts';
import { ZSessionToken } from './auth.ts';

export { finishes, type Finish } from '../constants.ts';

// Each text below is made canonical in one `overwrite` (trimmed, one case, names to codes) rather than a check or a
// transform per step: every step is a pass of zod's with objects of its own, and a sell list brings 200 lines of them.

/** Finishes as clients write them: `Foil`, `Non-Foil`, `normal`... all mean one of three. */
export const ZFinish = z
  .string({ error: 'Finish must be text.' })
  .overwrite((v) => {
    const finish = v.trim().toLowerCase();
    return ['non-foil', 'normal', 'regular', ''].includes(finish) ? 'nonfoil' : finish;
  })
  .pipe(z.enum(finishes, 'Finish must be nonfoil, foil or etched.'));

export const ZQuality = z
  .string({ error: 'Quality must be text.' })
  .overwrite((v) => v.trim().toUpperCase())
  .pipe(z.enum(qualities, 'Quality must be one of NM, LP, MP, HP, D.'));

const languageByName = new Map<string, (typeof languages)[number]>(
  languages.flatMap((code) => [
    [code, code],
    [languageNames[code].toLowerCase(), code],
  ]),
);

/** A stock row's language: Scryfall's code (`en`, `de`, `zhs`...) or its English name, any case. */
export const ZLanguage = z
  .string({ error: 'language must be text.' })
  .overwrite((v) => {
    const language = v.trim().toLowerCase();
    return languageByName.get(language) ?? language;
  })
  .pipe(z.enum(languages, `language must be one of ${languages.join(', ')}.`));

/** Longest location a row or product may carry. */
export const locationMaxLength = 60;

/** A location as kept: trimmed, runs of spaces (tabs, line breaks) as one space. */
export const locationText = (typed: string): string => typed.trim().replace(/\s+/g, ' ');

/**
 * Where copies are kept (issue 41), as typed or imported: free text such as "Binder 3 p12" or "Box A-04", trimmed with
 * runs of spaces as one; "" or null: nowhere said. Not part of a row's key.
 */
export const ZLocation = z
  .string({ error: messages.inventoryServer.locationText })
  .overwrite(locationText)
  .max(locationMaxLength, messages.inventoryServer.locationTooLong(locationMaxLength))
  .nullable()
  .transform((v) => v || null)
  .describe('Where the copies are kept, e.g. "Binder 3 p12"; "" or null: nowhere said');

/** A copy's flag (signed, altered) as a request gives it: true or false, false when left out. */
export const ZCardFlag = (name: 'signed' | 'altered') =>
  z
    .boolean({ error: `${name} must be true or false.` })
    .optional()
    .default(false);

const ZScryfallId = z
  .string({ error: (i) => (i.input === undefined ? 'scryfall_id is required.' : 'scryfall_id must be text.') })
  .trim()
  .toLowerCase()
  .pipe(z.uuid('scryfall_id is not a card id.'));

/** The page as the spec's clients send it: text, from "1". */
export const ZPageText = z
  .union([z.string(), z.number()], { error: 'page must be a number.' })
  .optional()
  .transform((v, ctx) => {
    const n = v === undefined || v === '' ? 1 : Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'page must be a whole number from 1.' });
      return z.NEVER;
    }
    return n;
  });

export const ZInventoryListRequest = z.object({
  Authorization: ZSessionToken,
  token: ZSessionToken,
  page: ZPageText,
  filter: z
    .string({ error: 'filter must be text.' })
    .max(200, 'filter must be at most 200 characters.')
    .optional()
    .default(''),
});

/** One row of a shop's inventory with its card (spec 001 §3, field names as the spec writes them). */
export const ZInventoryRow = z.object({
  inv_pkey: z.number().int(),
  inv_card_id: z.string(),
  inv_shop_id: z.number().int(),
  inv_finish: z.enum(finishes),
  inv_quantity: z.number().int(),
  inv_quality: z.enum(qualities),
  inv_language: z.enum(languages).describe('The copies’ language, Scryfall’s code; en for rows from before languages'),
  inv_signed: z.boolean().describe('Signed copies: a row of their own; false for rows from before the flags'),
  inv_altered: z.boolean().describe('Altered copies: a row of their own; false for rows from before the flags'),
  inv_asking_price: z.number().nullable().describe('Dollars; null means the shop’s pricing rule applies'),
  price: z.number().nullable().describe('What a customer pays, in dollars (asking price or pricing rule)'),
  card_name: z.string(),
  card_setCode: z.string(),
  card_set_name: z.string(),
  card_collector_number: z.string(),
  card_scryfallid: z.string(),
  card_artist: z.string().nullable(),
  card_finishes: z.array(z.enum(finishes)),
  card_flavor: z.string().nullable(),
  card_manaCost: z.string().nullable(),
  card_price_eur: z.number().nullable(),
  card_price_eur_foil: z.number().nullable(),
  card_price_usd: z.number().nullable(),
  card_price_usd_etched: z.number().nullable(),
  card_price_usd_foil: z.number().nullable(),
  card_tcg_code: z.string().nullable(),
  card_types: z.string().nullable(),
  card_uuid: z.string(),
  card_volatillty: z.number().nullable(),
  card_image_small: z.string().nullable(),
  card_image_normal: z.string().nullable(),
  card_rarity: z.string(),
});
export type InventoryRow = z.infer<typeof ZInventoryRow>;

/** A row as the shop's own staff see it: with what a copy cost the shop, when it knows (issue 25). */
export const ZStaffInventoryRow = ZInventoryRow.extend({
  inv_cost: z
    .number()
    .nullable()
    .optional()
    .describe('Average cost per copy in dollars (copies bought from customers); null when unknown'),
  inv_location: z
    .string()
    .describe('Where the copies are kept, e.g. "Binder 3 p12"; "" when nowhere said (staff only, issue 41)'),
  label_code: z
    .string()
    .describe('The row’s label code, printed under its barcode; stable across edits, unique per row (issue 41)'),
});
export type StaffInventoryRow = z.infer<typeof ZStaffInventoryRow>;

export const ZInventoryListResponse = z.object({
  inventory: z.array(ZStaffInventoryRow),
  page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
});

/** Most copies one stock row holds: add, edit and import alike (issue 38: an import stored 99,999,999,999). */
export const maxStockQuantity = 100_000;

export const ZInventoryAddRequest = z.object({
  token: ZSessionToken,
  scryfall_id: ZScryfallId,
  quantity: decimal(
    z
      .number({ error: 'quantity must be a number.' })
      .int('quantity must be a whole number.')
      .min(1, 'quantity must be at least 1.')
      .max(maxStockQuantity, `quantity must be at most ${maxStockQuantity}.`),
  ),
  foil: z.boolean({ error: 'foil must be true or false.' }).optional().default(false),
  quality: ZQuality.optional().default('NM'),
  language: ZLanguage.optional().default('en').describe('The copies’ language; English when left out'),
  signed: ZCardFlag('signed').describe('Signed copies; not signed when left out'),
  altered: ZCardFlag('altered').describe('Altered copies; not altered when left out'),
  // Declared below (hoisted at call time): the same rule as Edit's asking price.
  asking_price: z
    .lazy(() => ZDollars('asking_price'))
    .nullable()
    .optional()
    .describe('The row’s own price in dollars (Owner, Manager); null: the pricing rule; left out, the price stays'),
  location: ZLocation.optional().describe('Where the copies are kept; "" or null: nowhere; left out, the row’s stays'),
});

/** Most a shop may ask for one copy, in dollars. */
export const maxAskingPrice = 100_000;

/**
 * A price in dollars as the shop types it: at least one cent (less is no price: it would sell for $0; null is the
 * pricing rule), at most two decimals.
 */
export const ZDollars = (what: string) =>
  z
    .number({ error: `${what} must be a number of dollars.` })
    .min(0, `${what} cannot be negative.`)
    .max(maxAskingPrice, `${what} must be at most $${maxAskingPrice}.`)
    .refine((v) => wholeCents(v) !== null, `${what} can have at most 2 decimals.`)
    // One message per value: a negative or a third decimal has its own.
    .refine(
      (v) => v < 0 || wholeCents(v) === null || v >= 0.01,
      `${what} must be at least $0.01; null leaves the price to the pricing rule.`,
    );

export const ZInventoryEditRequest = z.object({
  token: ZSessionToken,
  scryfall_id: ZScryfallId,
  quality: ZQuality,
  finish: ZFinish,
  language: ZLanguage.optional().default('en').describe('Which row, with quality and finish; English when left out'),
  signed: ZCardFlag('signed').describe('Which row: the signed copies’; the unsigned row when left out'),
  altered: ZCardFlag('altered').describe('Which row: the altered copies’; the unaltered row when left out'),
  quantity: decimal(
    z
      .number({ error: 'quantity must be a number.' })
      .int('quantity must be a whole number.')
      .min(0, 'quantity cannot be negative.')
      .max(maxStockQuantity, `quantity must be at most ${maxStockQuantity}.`),
  ),
  asking_price: ZDollars('asking_price')
    .nullable()
    .optional()
    .describe('The row’s own price in dollars; null returns it to the pricing rule; left out, the price stays'),
  location: ZLocation.optional().describe('Where the copies are kept; "" or null: nowhere; left out, it stays'),
});

export const repriceActions = ['set', 'percent', 'clear'] as const;
export type RepriceAction = (typeof repriceActions)[number];

/** Most a percentage change may move prices: down to a tenth, up to ten times. */
export const repriceLimits = { minPercent: -90, maxPercent: 900, sample: 5 } as const;

/**
 * Bulk repricing of the rows a live search finds (the inventory list's `filter`, Scryfall-style terms included;
 * empty: every row): `set` gives them all one asking price, `percent` moves each row's price as customers pay it
 * by `value` % into its asking price, `clear` returns them to the pricing rule.
 */
export const ZRepriceRequest = z
  .object({
    token: ZSessionToken,
    filter: z
      .string({ error: 'filter must be text.' })
      .max(200, 'filter must be at most 200 characters.')
      .optional()
      .default(''),
    action: z.enum(repriceActions, 'action must be set, percent or clear.'),
    value: z.number({ error: 'value must be a number.' }).optional(),
    dry_run: z
      .boolean({ error: 'dry_run must be true or false.' })
      .optional()
      .default(false)
      .describe('Only count and show a sample of what would change; nothing is written'),
  })
  .superRefine((input, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (input.action === 'set') {
      const checked = ZDollars('value').safeParse(input.value);
      if (!checked.success) issue(checked.error.issues[0]!.message);
    } else if (input.action === 'percent') {
      const { minPercent, maxPercent } = repriceLimits;
      if (input.value === undefined || !Number.isFinite(input.value) || input.value === 0)
        issue('value must be the percentage to change prices by, e.g. 10 or -10.');
      else if (input.value < minPercent || input.value > maxPercent)
        issue(`value must be a percentage from ${minPercent} to ${maxPercent}.`);
    }
  });

/** One row a reprice changes, as the preview shows it: prices in dollars, null for none. */
export const ZRepriceSample = z.object({
  card_name: z.string(),
  set_code: z.string(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  signed: z.boolean().describe('Signed copies'),
  altered: z.boolean().describe('Altered copies'),
  before: z.number().nullable().describe('Price customers pay now'),
  after: z.number().nullable().describe('Price customers pay after'),
});

export const ZRepriceResponse = z.object({
  message: z.string(),
  changed: z.number().int().describe('Rows whose price changes (with dry_run: would change)'),
  matched: z.number().int().optional().describe('Rows the filter finds'),
  unpriced: z.number().int().optional().describe('Rows left alone by a percentage: they have no price to change'),
  sample: z.array(ZRepriceSample).optional().describe('A few of the rows that change, before and after'),
});

/** Put every row a live search finds at one location (issue 41), as Reprice does for prices. */
export const ZLocateRequest = z.object({
  token: ZSessionToken,
  filter: z
    .string({ error: 'filter must be text.' })
    .max(200, 'filter must be at most 200 characters.')
    .optional()
    .default('')
    .describe('A live search (as the inventory list reads it); empty: every row'),
  location: ZLocation.describe('Where the rows are now kept; "" or null: nowhere said'),
});

export const ZLocateResponse = z.object({
  message: z.string(),
  changed: z.number().int().describe('Rows whose location changed'),
  matched: z.number().int().describe('Rows the filter finds'),
});

/** Most locations the location field suggests. */
export const locationSuggestLimit = 500;

export const ZLocationsRequest = z.object({ token: ZSessionToken });
export const ZLocationsResponse = z.object({
  locations: z.array(z.string()).describe('Every location the shop keeps stock at (cards and sealed), in order'),
});

/** Most rows one print of labels marks, and the "labels to reprint" list shows. */
export const labelRowsLimit = 2000;

/** The rows whose labels were just printed (issue 41): each keeps the price its label shows. */
export const ZLabelsPrintedRequest = z.object({
  token: ZSessionToken,
  ids: z
    .array(z.number({ error: 'ids must be row ids.' }).int('ids must be row ids.').positive('ids must be row ids.'), {
      error: 'ids must be a list of row ids.',
    })
    .min(1, 'Say which rows’ labels were printed.')
    .max(labelRowsLimit, `At most ${labelRowsLimit} rows at a time.`)
    .describe('Row ids (inv_pkey) whose labels were printed, with the prices they show now'),
});
export const ZLabelsPrintedResponse = z.object({
  message: z.string(),
  marked: z.number().int().describe('Rows of the shop marked; ids of other shops or of no row are left out'),
});

export const ZLabelsOutdatedRequest = z.object({ token: ZSessionToken });
export const ZLabelsOutdatedResponse = z.object({
  inventory: z
    .array(ZStaffInventoryRow)
    .describe('Rows with copies whose price moved since their label was printed, by name (at most 2000)'),
  total: z.number().int().describe('How many rows there are in all'),
});

export const priceChangeLimits = { defaultPercent: 10, minPercent: 1, maxPercent: 1000, maxRows: 500 } as const;

export const ZPriceChangesRequest = z.object({
  token: ZSessionToken,
  min_percent: z
    .number({ error: 'min_percent must be a number.' })
    .min(priceChangeLimits.minPercent, `min_percent must be at least ${priceChangeLimits.minPercent}.`)
    .max(priceChangeLimits.maxPercent, `min_percent must be at most ${priceChangeLimits.maxPercent}.`)
    .optional()
    .default(priceChangeLimits.defaultPercent)
    .describe('List rows whose market price moved at least this many percent'),
});

/** A stock row whose market price moved in the newest refresh: prices in dollars, null for none. */
export const ZPriceChange = z.object({
  scryfall_id: z.string(),
  card_name: z.string(),
  set_code: z.string(),
  collector_number: z.string(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  signed: z.boolean().describe('Signed copies'),
  altered: z.boolean().describe('Altered copies'),
  quantity: z.number().int(),
  market_before: z.number().nullable(),
  market_after: z.number().nullable(),
  asking_price: z.number().nullable().describe('The row’s own price: set, customers pay it whatever the market does'),
  price_before: z.number().nullable().describe('Price customers paid before the refresh'),
  price_after: z.number().nullable().describe('Price customers pay now'),
});
export type PriceChange = z.infer<typeof ZPriceChange>;

export const ZPriceChangesResponse = z.object({
  refreshed_at: z.string().nullable().describe('When prices were last refreshed; null: never'),
  since: z.string().nullable().describe('The day (YYYY-MM-DD) of the prices compared with'),
  total: z.number().int().describe('Rows that moved that far (the list holds at most 500, largest moves first)'),
  items: z.array(ZPriceChange),
});

// issue 38 (ui): "Keep all" on Price changes.
export const ZPriceChangesKeepRequest = ZPriceChangesRequest.extend({
  min_percent: ZPriceChangesRequest.shape.min_percent.describe(
    'Keep the prices of the rows this filter lists (the same rows inventoryPriceChanges answers for it)',
  ),
});

export const ZPriceChangesKeepResponse = z.object({
  message: z.string(),
  kept: z
    .number()
    .int()
    .describe('Rows priced by the rule that now keep, as their own asking price, what customers paid before'),
});

export const ZTokenOnlyRequest = z.object({ token: ZSessionToken, auth_token: ZSessionToken });

export const ZSearchRequest = z.object({
  token: ZSessionToken,
  q: z.string({ error: 'q is required.' }).max(200, 'q must be at most 200 characters.'),
  scope: z.literal('shop', 'scope must be "shop".').optional().default('shop'),
  page: ZPageText,
});

/** Name suggestions from the shop's own stock, for the ordering screens' search box. */
export const ZShopSuggestRequest = z.object({
  token: ZSessionToken,
  q: z
    .string({ error: 'Type at least 2 characters to search.' })
    .trim()
    .min(2, 'Type at least 2 characters to search.')
    .max(100, 'Search text must be at most 100 characters.')
    .describe('What the person has typed so far: words the card name starts with'),
});

/** A search hit (spec 001 §3 inventory search hit). */
export const ZSearchHit = z.object({
  id: z.number().int(),
  name: z.string(),
  setCode: z.string(),
  scryfallId: z.string(),
  uuid: z.string(),
  finish: z.enum(finishes),
  quantity: z.number().int(),
  quality: z.enum(qualities),
  language: z.enum(languages).describe('The copies’ language, Scryfall’s code'),
  signed: z.boolean().describe('Signed copies'),
  altered: z.boolean().describe('Altered copies'),
  price: z.number().nullable(),
  image: z.string().nullable(),
});

export const ZSearchResponse = z.object({
  success: z.literal(true),
  data: z.object({ hits: z.array(ZSearchHit), total: z.number().int() }),
});

/** The layouts the CSV export writes: Cardstock's own (read back exactly), or the one a tool's own importer reads. */
export const exportFormats = ['cardstock', 'manabox', 'moxfield', 'deckbox', 'tcgplayer', 'cardmarket'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const ZInventoryExportRequest = ZTokenOnlyRequest.extend({
  format: z
    .enum(exportFormats, 'format must be cardstock, manabox, moxfield, deckbox, tcgplayer or cardmarket.')
    .optional()
    .describe('cardstock (the default) or the layout of the tool the file is for'),
});

/** The CSV export: a file, `inventory_export_{date}.csv`. */
export const ZCsvFile = z
  .string()
  .describe(
    'text/csv: Name, Set Code, Collector Number, Scryfall ID, Finish, Condition, Quantity, Price, Language, Signed, ' +
      'Altered, Kind (single or sealed), Category and UPC (a sealed product’s); other layouts by `format`',
  );

/**
 * What an import did, or would do (`dry_run`): how many lines, how many new
 * rows, how many added to existing rows, and each refused line with its reason.
 */
/** A printing a line could be, as the Mass Upload dialog offers it. */
export const ZImportCandidate = z.object({
  scryfall_id: z.string(),
  name: z.string(),
  set_code: z.string(),
  set_name: z.string(),
  collector_number: z.string(),
  finishes: z.array(z.enum(finishes)),
  image: z.string().nullable(),
  price: z
    .number()
    .nullable()
    .optional()
    .describe('The printing’s market price in dollars in the line’s finish; null when the catalog has none'),
});
export type ImportCandidate = z.infer<typeof ZImportCandidate>;

/** A review line as the file wrote it, so the owner compares it with each candidate. */
export const ZImportLineAsWritten = z.object({
  set_code: z.string().optional(),
  set_name: z.string().optional(),
  collector_number: z.string().optional(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  quantity: z.number().int(),
  scryfall_id: z.string().optional(),
  tool_id: z.string().optional().describe('The tool’s own id of the printing, as "TCGplayer product 123"'),
});
export type ImportLineAsWritten = z.infer<typeof ZImportLineAsWritten>;

/** A line that names a card but not which printing: nothing is stocked on a guess. */
export const ZImportReview = z.object({
  line: z.number().int(),
  name: z.string(),
  candidates: z.array(ZImportCandidate).describe('At most 24, newest first'),
  file: ZImportLineAsWritten.optional().describe('The line as the file wrote it'),
  in_catalog: z
    .boolean()
    .optional()
    .describe(
      'false: the line names its own printing (an id, a set and number) and the catalog lacks it; the candidates are ' +
        'other printings of the name, and leaving the line out is the safe answer',
    ),
});
export type ImportReview = z.infer<typeof ZImportReview>;

/** The most candidates a line in review lists. */
export const importReviewLimit = 24;

/** What an import does with the file's quantities: add to stock, replace the rows' quantities, or become the inventory. */
export const importModes = ['add', 'set', 'sync'] as const;
export type ImportMode = (typeof importModes)[number];

/** One row an import changes, before and after (asking prices in dollars; null: the pricing rule prices it). */
export const ZImportChange = z.object({
  change: z
    .enum(['new', 'quantity', 'price', 'zeroed', 'kept'])
    .describe(
      'new row; quantity (and maybe price) changed; price only; set to 0; kept as it is (sync: its only lines were refused or in review)',
    ),
  name: z.string(),
  set_code: z.string(),
  collector_number: z.string(),
  finish: z.enum(finishes),
  quality: z.enum(qualities),
  language: z.enum(languages),
  signed: z.boolean().describe('Signed copies'),
  altered: z.boolean().describe('Altered copies'),
  quantity_before: z.number().int(),
  quantity_after: z.number().int(),
  price_before: z.number().nullable(),
  price_after: z.number().nullable(),
});
export type ImportChange = z.infer<typeof ZImportChange>;

/** The most changed rows a report shows. */
export const importChangeSampleLimit = 50;

/** The inventory after the import, told as a difference from the inventory before it. */
export const ZImportDifference = z.object({
  mode: z.enum(importModes),
  new_rows: z.number().int(),
  quantities_changed: z.number().int(),
  prices_changed: z.number().int(),
  locations_changed: z
    .number()
    .int()
    .optional()
    .describe('Rows the shop has whose storage location the file changes (its Location, Bin or Binder Name column)'),
  zeroed: z.number().int().describe('Rows the file does not name, set to 0 (sync only)'),
  unchanged: z.number().int(),
  kept: z
    .number()
    .int()
    .optional()
    .describe(
      'Sync: rows with copies the file names only on refused or review lines, left as they are rather than set to 0',
    ),
  stocked_before: z.number().int().optional().describe('Sync: the shop’s rows with copies before the import'),
  confirm_zero_rows: z
    .number()
    .int()
    .optional()
    .describe(
      'Sync: present when the file would set more than half of the shop’s rows with copies to 0 (or all of them): ' +
        'the rows it sets to 0, which the commit must send as its confirm_zero_rows field',
    ),
  sample: z.array(ZImportChange).describe('At most 50 changed rows: new rows, then changed, then kept, then set to 0'),
});
export type ImportDifference = z.infer<typeof ZImportDifference>;

export const ZImportReport = z.object({
  message: z.string(),
  format: z.string().describe('The tool the file came from, by its header'),
  dry_run: z.boolean(),
  imported: z.boolean().describe('Whether anything was written'),
  rows: z.number().int(),
  added: z.number().int(),
  merged: z.number().int(),
  copies: z.number().int().describe('Cards in all, counting quantities'),
  skipped: z
    .number()
    .int()
    .optional()
    .describe('Rows with no copies (a zero-stock listing, a sold-out row), not read: nothing to stock'),
  refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  review: z
    .array(ZImportReview)
    .optional()
    .describe(
      'Lines several printings could be (also in refused): pick one per line with the picks field, or leave it out',
    ),
  difference: ZImportDifference.optional().describe('What the import changes (dry run) or changed in the inventory'),
  sealed: z
    .object({
      rows: z.number().int().describe('Sealed rows read (Kind "sealed"), refused ones not counted'),
      added: z.number().int().describe('Sealed products the shop did not have'),
      changed: z.number().int().describe('Sealed products whose quantity or price moves'),
      unchanged: z.number().int(),
    })
    .optional()
    .describe("What a Cardstock file's sealed rows change (dry run) or changed in sealed stock; absent without any"),
  import_id: z
    .string()
    .optional()
    .describe(
      'The upload kept for 30 minutes under this id (when the import was sent one): commit it without the file',
    ),
});
export type ImportReport = z.infer<typeof ZImportReport>;

/** An upload's id, chosen by the client so that it can ask for the check's progress while the check runs. */
export const ZImportId = z
  .string()
  .regex(/^[A-Za-z0-9-]{16,64}$/, 'import_id must be 16 to 64 letters, digits or dashes.');

export const ZImportProgressRequest = z.object({ token: ZSessionToken, import_id: ZImportId });

/** How far the server has read an upload: bytes of the file, lines read, lines whose printing was found. */
export const ZImportProgress = z.object({
  import_id: z.string(),
  state: z.enum(['reading', 'checked']),
  total_bytes: z.number().int(),
  read_bytes: z.number().int(),
  rows_read: z.number().int(),
  matched: z.number().int(),
});
export type ImportProgress = z.infer<typeof ZImportProgress>;
