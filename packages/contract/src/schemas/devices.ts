import { z } from 'zod';
import { ZSessionToken } from './auth.ts';
import { requiredText } from './common.ts';

export const ZCreateCodeRequest = z.object({
  token: ZSessionToken,
  auth_token: ZSessionToken,
  device_name: z
    .string({ error: 'Please enter a device name.' })
    .trim()
    .min(1, 'Please enter a device name.')
    .max(100, 'device_name must be at most 100 characters.')
    .describe('What the staff call this tablet, e.g. "Counter tablet"'),
});

export const ZCreateCodeResponse = z.object({
  success: z.literal(true),
  data: z.object({
    code: z.string().describe('Single use, valid 9 minutes'),
    qr_code_url: z.string().describe('A PNG data URL of a QR code for PUBLIC_URL/kiosk?code=…'),
    pair_url: z.string().describe('The address the QR code encodes'),
    expires_at: z.string().describe('UTC ISO-8601'),
  }),
});

/** A paired device (spec 000 §3); times UTC ISO-8601. */
export const ZDevice = z.object({
  name: z.string(),
  serial_number: z.string(),
  ip_address: z.string(),
  registered_on: z.string(),
  last_login: z.string().nullable(),
  is_active: z.boolean(),
});
export type Device = z.infer<typeof ZDevice>;

export const ZDevicesRequest = z.object({ token: ZSessionToken });

export const ZDevicesResponse = z.object({
  success: z.literal(true),
  data: z.object({ devices: z.array(ZDevice) }),
});

export const ZRemoveDeviceRequest = z.object({
  token: ZSessionToken,
  device_name: requiredText('device_name', 100),
  serial_number: requiredText('serial_number', 100),
});

export const ZPairRequest = z.object({
  code: requiredText('code', 40),
  serial_number: requiredText('serial_number', 100).describe('An id the tablet makes once and keeps'),
});

export const ZPairResponse = z.object({
  message: z.string(),
  device_token: z.string().describe('Send it as `token` (or Authorization: Bearer) on kiosk calls'),
  shop_name: z.string(),
  device_name: z.string(),
});

export const ZDeviceSessionRequest = z.object({ token: ZSessionToken });

export const ZDeviceSessionResponse = z.object({
  shop_name: z.string(),
  device_name: z.string(),
});
