import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  uptime_s: z.number().describe('Seconds since the server started'),
});

export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['sqlite', 'postgres']),
});

/** What the web app needs to know about this server before it renders forms. */
export const ZPublicConfigResponse = z.object({
  captcha_mode: z.enum(['test', 'turnstile']),
  turnstile_site_key: z.string(),
  support_email: z.string(),
  public_url: z.string(),
  // issue 38 (ui): optional, so older servers' answers still parse.
  public_url_configured: z
    .boolean()
    .optional()
    .describe('False when PUBLIC_URL is not set: public_url is the local default and links sent out point at it'),
});
export type PublicConfig = z.infer<typeof ZPublicConfigResponse>;
