import { z } from 'zod';
import { emailField, requiredText } from './common.ts';

export const ZContactRequest = z
  .object({
    name: requiredText('Name', 120),
    email: emailField(),
    message: requiredText('Message', 5000),
    turnstileToken: requiredText('CAPTCHA token', 4096).describe('Token from the captcha widget'),
  })
  .describe('Contact message');
export type ContactRequest = z.infer<typeof ZContactRequest>;

export const ZContactResponse = z.object({ message: z.string() });
