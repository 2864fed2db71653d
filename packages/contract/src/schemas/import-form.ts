import { z } from 'zod';
import { messages } from '../messages.ts';
import { ZSessionToken } from './auth.ts';
import { importModes, ZImportId } from './inventory.ts';

/*
 * The CSV import's multipart form (routes.inventoryImport), its text fields once: the server reads the form with it,
 * the web's upload is typed by its input. The file itself is the form's `file`, bytes beside these fields. Every
 * field may be left out; a form field left empty (`""`) is one left out, as browsers send an empty input.
 */

const m = messages.inventoryServer;

/** A text field where `""` is no value, then read by `schema`. */
const blankIsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((text: z.input<S> | '' | undefined) => (text === '' ? undefined : text), schema.optional()).optional();

/** A flag: set by `"true"`; anything else, or nothing, leaves it unset. */
const flag = () =>
  z
    .preprocess((text: 'true' | undefined) => text === 'true', z.boolean())
    .optional()
    .transform((set) => set === true);

/**
 * The printings picked for lines in review: JSON `{"<line>": "<Scryfall id>"}` in a text field, read as line →
 * lower-case id. Anything else (not JSON, a list, a line that is not a number, an id that is not text) is refused.
 */
const ZImportPicks = z.string({ error: m.picksInvalid }).transform((text, ctx) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : null;
  if (!entries || entries.some(([line, id]) => !/^\d+$/.test(line) || typeof id !== 'string')) {
    ctx.addIssue({ code: 'custom', message: m.picksInvalid });
    return z.NEVER;
  }
  return new Map(entries.map(([line, id]) => [Number(line), String(id).toLowerCase()]));
});

/**
 * The import's form fields, in the order the server reads them (its first refusal is the one answered; a form with
 * neither a file nor an `import_id` is refused after a malformed `import_id` and before the rest).
 */
export const ZImportForm = z.object({
  token: ZSessionToken,
  import_id: blankIsAbsent(ZImportId).describe(
    'The file is kept 30 minutes under it; a later call with import_id and no file imports it',
  ),
  picks: blankIsAbsent(ZImportPicks).describe(
    'JSON {"<line>": "<scryfall id>"}: the printing chosen for a line in review',
  ),
  mode: blankIsAbsent(z.enum(importModes, { error: m.importModeInvalid }))
    .transform((mode) => mode ?? 'add')
    .describe(
      'add (the default): add the copies to stock; set: each line’s quantity replaces its row’s; sync: the file becomes the singles inventory, rows it does not name go to 0',
    ),
  confirm_zero_rows: blankIsAbsent(
    z
      .string({ error: m.confirmZeroRowsInvalid })
      .regex(/^\d{1,9}$/, { error: m.confirmZeroRowsInvalid })
      .transform(Number),
  ).describe(
    'A sync that sets more than half of the rows with copies to 0 is refused with 422 unless this is the number its check reported in difference.confirm_zero_rows',
  ),
  dry_run: flag().describe('"true": report only'),
  accept_partial: flag().describe('"true": import the good lines when some are refused'),
  file_name: z
    .preprocess(
      (text: string | undefined) =>
        typeof text === 'string' && text.trim()
          ? text
              .replace(/[\p{Cc}]/gu, ' ')
              .trim()
              .slice(0, 200)
          : undefined,
      z.string().optional(),
    )
    .optional()
    .describe("The file's name, for the Activity log: one line, 200 characters at most"),
});

/** The import's form as the web fills it in (text fields; the file goes beside them). */
export type ImportFormInput = z.input<typeof ZImportForm>;
/** The import's form as the server reads it. */
export type ImportForm = z.output<typeof ZImportForm>;
