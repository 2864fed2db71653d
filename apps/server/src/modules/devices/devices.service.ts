import { limits, messages } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { isoIn } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newHumanCode, newToken } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { devicesRepository as repo } from './devices.repository.ts';

const MINUTE_MS = 60_000;
/** Device tokens say what they are, so a call needs one lookup whichever kind it carries. */
export const DEVICE_TOKEN_PREFIX = 'dev_';
/** A kiosk's last login moves at most this often: every call is not a login. */
const TOUCH_INTERVAL_MS = 5 * MINUTE_MS;

/** Codes are typed by hand: case, spaces and dashes do not matter. */
const normalizeCode = (code: string) =>
  code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/(.{4})(?=.)/g, '$1-');

export function createDevicesService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const lastTouched = new Map<number, number>();

  return {
    /** A single-use pairing code for a named tablet, and a QR image of the kiosk address that carries it. */
    async createCode(actor: Actor, deviceName: string) {
      const { shopId, email } = requireRole(actor, 'devices');
      const code = newHumanCode(2, 4);
      const expiresAt = isoIn(ctx.clock, limits.deviceCodeTtlMinutes * MINUTE_MS);
      await withTransaction(ctx.db, async (tx) => {
        await repo.insertCode(tx, {
          shop_id: shopId,
          code,
          device_name: deviceName,
          created_by: email,
          created_at: now(),
          expires_at: expiresAt,
        });
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'device.code',
          subject: deviceName,
          detail: { expires_at: expiresAt },
          created_at: now(),
        });
      });
      const pairUrl = `${ctx.config.publicUrl}/kiosk?code=${encodeURIComponent(code)}`;
      // Loaded on the first pairing code (about 10 MB of memory from start otherwise).
      const { default: QRCode } = await import('qrcode');
      const qr = await QRCode.toDataURL(pairUrl, { margin: 1, width: 256, errorCorrectionLevel: 'M' });
      return { success: true as const, data: { code, qr_code_url: qr, pair_url: pairUrl, expires_at: expiresAt } };
    },

    async list(actor: Actor) {
      const { shopId } = requireRole(actor, 'devices');
      const devices = await repo.list(ctx.db, shopId);
      return {
        success: true as const,
        data: { devices: devices.map((d) => ({ ...d, is_active: d.is_active === 1 })) },
      };
    },

    /** Removes a device: its token is refused from the next call on. */
    async remove(actor: Actor, input: { device_name: string; serial_number: string }) {
      const { shopId, email } = requireRole(actor, 'devices');
      await withTransaction(ctx.db, async (tx) => {
        const n = await repo.deactivate(tx, shopId, input.device_name, input.serial_number);
        if (n === 0) throw new AppError('NOT_FOUND', messages.devicesServer.notFound(input.device_name));
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'device.remove',
          subject: input.device_name,
          detail: { serial_number: input.serial_number },
          created_at: now(),
        });
      });
      return { message: messages.devicesServer.removed(input.device_name) };
    },

    /** A tablet pairs with a code: the device is registered and gets its token (only its hash is kept). */
    async pair(input: { code: string; serial_number: string }, ip: string) {
      const token = `${DEVICE_TOKEN_PREFIX}${newToken()}`;
      const at = now();
      const found = await withTransaction(ctx.db, async (tx) => {
        const code = await repo.findCode(tx, normalizeCode(input.code));
        if (!code) throw new AppError('BAD_REQUEST', messages.devicesServer.codeUnknown);
        if (code.used_at !== null) throw new AppError('BAD_REQUEST', messages.devicesServer.codeUsed);
        if (code.expires_at <= at) throw new AppError('BAD_REQUEST', messages.devicesServer.codeExpired);
        if (code.shop_is_active === 0) throw new AppError('SHOP_SUSPENDED', messages.devicesServer.shopSuspended);
        if (!(await repo.useCode(tx, code.id, at))) throw new AppError('BAD_REQUEST', messages.devicesServer.codeUsed);
        await repo.insertDevice(tx, {
          shop_id: code.shop_id,
          name: code.device_name,
          serial_number: input.serial_number,
          ip_address: ip,
          token_hash: hashToken(token),
          registered_on: at,
          last_login: at,
        });
        await auditRepository.record(tx, {
          shop_id: code.shop_id,
          actor: `device:${code.device_name}`,
          action: 'device.pair',
          subject: code.device_name,
          detail: { serial_number: input.serial_number, ip },
          created_at: at,
        });
        return code;
      });
      return {
        message: messages.devicesServer.paired(found.shop_name),
        device_token: token,
        shop_name: found.shop_name,
        device_name: found.device_name,
      };
    },

    /**
     * The device behind a token, as a caller that may browse stock and place orders. A refusal says why in the
     * tablet's words: removed (401), never known here (401: its shop was deleted), or its shop suspended (403).
     */
    async authenticate(token: string): Promise<Actor> {
      const device = await repo.byTokenHash(ctx.db, hashToken(token));
      if (!device) throw new AppError('UNAUTHORIZED', messages.devicesServer.unknownToken);
      if (device.is_active !== 1) throw new AppError('UNAUTHORIZED', messages.devicesServer.revoked);
      if (device.shop_is_active === 0) throw new AppError('SHOP_SUSPENDED', messages.devicesServer.shopSuspended);
      const at = ctx.clock.now().getTime();
      if (at - (lastTouched.get(device.id) ?? 0) > TOUCH_INTERVAL_MS) {
        lastTouched.set(device.id, at);
        await repo.touch(ctx.db, device.id, new Date(at).toISOString());
      }
      return {
        userId: 0,
        sessionId: 0,
        email: `device:${device.name}`,
        shopId: device.shop_id,
        shopName: device.shop_name,
        role: null,
        platformRole: 'user',
        device: { id: device.id, name: device.name },
      };
    },

    /** A kiosk (re)starting: its shop and name; the last login is recorded now. */
    async session(actor: Actor) {
      if (!actor.device) throw new AppError('FORBIDDEN', messages.devicesServer.staffOnly);
      lastTouched.set(actor.device.id, ctx.clock.now().getTime());
      await repo.touch(ctx.db, actor.device.id, now());
      return { shop_name: actor.shopName, device_name: actor.device.name };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
