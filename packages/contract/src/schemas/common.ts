import { z } from 'zod';
import { finishes } from '../constants.ts';

/**
 * What kind of refusal an error answer is: a stable name a program decides by,
 * where the sentence beside it is for people and may be reworded.
 * `VALIDATION` is a body refused field by field (`errors` lists them);
 * `NO_PRICE` is a sale of stock that has no price yet (422);
 * `IDEMPOTENCY_MISMATCH` is an Idempotency-Key sent again with another request than the first (422);
 * `SHOP_SUSPENDED` is a caller whose shop Cardstock deactivated (403);
 * `OUT_OF_STOCK` is an order or reservation that asks for more than the shelf holds (409; `errors` names each short
 * line as `items.N`, N its place in the cart, with its own sentence);
 * `NOT_PENDING` is a decision on an order or buy order that another screen decided meanwhile (409);
 * `NOT_WANTED` is a trade-in line the shop does not buy now, or buys fewer copies of (409; `errors` names each as
 * `trade_in.N` with why);
 * `UNKNOWN_CODE` is a scanned or typed code that names nothing (404); `AMBIGUOUS_CODE` one that names several things
 * to choose from (409; from quick add with `candidates`);
 * `MAINTENANCE` is the platform switched off for maintenance, where
 * `UNAVAILABLE` is one service the call needs being down.
 */
export const errorCodes = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'SHOP_SUSPENDED',
  'NOT_FOUND',
  'CONFLICT',
  'OUT_OF_STOCK',
  'NOT_PENDING',
  'NO_PRICE',
  'IDEMPOTENCY_MISMATCH',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
  'UNAVAILABLE',
  'MAINTENANCE',
  'NOT_WANTED',
  'UNKNOWN_CODE',
  'AMBIGUOUS_CODE',
  'DRAWER_CLOSED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The answer of every refused call: a sentence a person understands, and its kind for programs. */
/** A printing a scanned or typed code may mean (quick add's AMBIGUOUS_CODE, issue 41): what a picker shows. */
export const ZCodeCandidate = z.object({
  scryfall_id: z.string(),
  name: z.string(),
  set_code: z.string(),
  set_name: z.string(),
  collector_number: z.string(),
  finishes: z.array(z.enum(finishes)).describe('The finishes the printing exists in'),
  image: z.string().nullable().describe('A small image of the printing, when the catalog has one'),
});
export type CodeCandidate = z.infer<typeof ZCodeCandidate>;

export const ZErrorResponse = z
  .object({
    message: z.string().describe('What went wrong, in words a person understands'),
    code: z
      .enum(errorCodes)
      .optional()
      .describe('What kind of refusal: a stable name to decide by (the sentence may be reworded)'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Per-field problems of a refused body'),
    candidates: z
      .array(ZCodeCandidate)
      .optional()
      .describe('AMBIGUOUS_CODE from quick add: the printings the code may mean, to pick one and send its Scryfall id'),
  })
  .describe('Error');
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof ZMessageResponse>;

/**
 * A number as JSON sends it, or written in decimal digits (a query string's or a path's value, a form's text):
 * `"12"` is 12, but nothing else becomes a number by accident (`true`, `null`, `""`, `[]`, `"0x10"`, `"1e3"`
 * stay what they are and `schema` refuses them with its own sentence).
 */
export const decimal = <T extends z.ZodType<number>>(schema: T) =>
  // Typed by what it takes (a number, or digits), not by preprocess's `unknown`, so typed clients stay typed.
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value),
    schema,
  ) as unknown as z.ZodType<z.output<T>, number | string>;

/** A required text: trimmed, and blank counts as missing. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const emailField = (label = 'Email') =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(254, `${label} must be at most 254 characters.`)
    .pipe(z.email(`${label} must be a valid e-mail address.`));
