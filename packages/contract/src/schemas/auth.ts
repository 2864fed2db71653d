import { z } from 'zod';
import { adminFeedbackTypes, feedbackTypes } from '../constants.ts';
import { emailField, requiredText } from './common.ts';

const allFeedbackTypes = [
  ...new Set([...feedbackTypes.map((t) => t.value), ...adminFeedbackTypes.map((t) => t.value)]),
] as [string, ...string[]];

/** Optional text that arrives trimmed; blank becomes empty. */
const optionalText = (label: string, max = 200) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .default('');

/**
 * The session token, where the spec's clients put it: a body field (`token`,
 * `auth_token` or `Authorization`) or an `Authorization: Bearer` header.
 */
/** The longest session token a body may carry. */
export const sessionTokenMax = 200;

export const ZSessionToken = z
  .string()
  .max(sessionTokenMax)
  .optional()
  .describe('Session token (or send Authorization: Bearer)');

export const ZLoginRequest = z.object({
  email: emailField(),
  password: z
    .string({ error: (i) => (i.input === undefined ? 'Password is required.' : 'Password must be text.') })
    .min(1, 'Password is required.')
    .max(200, 'Password must be at most 200 characters.'),
  turnstileToken: requiredText('CAPTCHA token', 4096),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginResponse = z.object({
  shop_name: z.string(),
  token: z.string(),
  user_role: z.string().optional(),
  is_admin: z.boolean().optional(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof ZLoginResponse>;

export const ZRegisterRequest = z.object({
  email: emailField(),
  password: z
    .string({ error: (i) => (i.input === undefined ? 'Password is required.' : 'Password must be text.') })
    .max(200, 'Password must be at most 200 characters.'),
  shop_name: requiredText('Shop name', 120),
  shop_address: optionalText('Address'),
  shop_number: optionalText('Phone', 40),
  shop_city: optionalText('City', 100),
  shop_zip: optionalText('ZIP code', 20),
  shop_country: optionalText('Country', 100),
  shop_state: optionalText('State', 100),
  user_first_name: requiredText('First name', 100),
  user_last_name: requiredText('Last name', 100),
  invite_code: requiredText('Invite code', 100),
  turnstileToken: requiredText('CAPTCHA token', 4096),
});
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterResponse = z.object({ message: z.string(), token: z.string(), shop_name: z.string() });

export const ZForgotPasswordQuery = z.object({ email: emailField() });

export const ZUnlockAccountRequest = z.object({
  token: requiredText('Unlock token', 200),
});

export const ZResetPasswordRequest = z.object({
  token: requiredText('Reset token', 200),
  new_password: z
    .string({ error: (i) => (i.input === undefined ? 'New password is required.' : 'New password must be text.') })
    .max(200, 'Password must be at most 200 characters.'),
});

export const ZLogoutRequest = z.object({ token: ZSessionToken });

export const ZFeedbackRequest = z.object({
  token: ZSessionToken,
  feedback_text: requiredText('Feedback', 5000),
  // The spec's page starts with the value "General" (capital G), so case is not significant.
  feedback_type: z
    .string({ error: 'Feedback type must be text.' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(allFeedbackTypes, `Feedback type must be one of: ${allFeedbackTypes.join(', ')}.`))
    .optional()
    .default('general')
    .describe('general, bug, feature, ui, suggestion, other (the admin dialog adds admin, system, urgent)'),
});
