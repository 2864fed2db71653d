import { z } from 'zod';

/** The answer of every refused call: a sentence a person understands. */
export const ZErrorResponse = z
  .object({
    message: z.string().describe('What went wrong, in words a person understands'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('Per-field problems of a refused body'),
  })
  .describe('Error');
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof ZMessageResponse>;

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
