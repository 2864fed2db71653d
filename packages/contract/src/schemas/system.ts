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
});
export type PublicConfig = z.infer<typeof ZPublicConfigResponse>;
