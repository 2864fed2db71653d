import { adminBounds, type SystemSettingsGroups } from '@cardstock/contract';
import type { Db, Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Platform-wide settings edited in the admin area (spec 001 §3), one key per
 * field. Defaults follow spec 000 §9 (password minimum 6, what registration
 * promises) and spec 001's admin samples (24 h sessions, 3 stores a user, SMTP
 * port 587), except the rate limit: 600 calls a minute per client rather than
 * the sample's 100, which live search as you type reaches within a minute.
 */
export const systemDefaults = {
  site_name: 'Cardstock',
  site_description: 'Inventory, ordering and storefronts for trading card shops',
  maintenance_mode: false,
  allow_new_registrations: true,
  max_stores_per_user: 3,
  require_email_verification: false,
  password_min_length: 6,
  enable_two_factor: false,
  session_timeout_hours: 24,
  email_notifications: true,
  admin_email: '',
  smtp_server: '',
  smtp_port: 587,
  rate_limit_per_minute: 600,
  enable_api_logging: false,
  api_version: 'v1',
} as const;

type Widen<T> = T extends boolean ? boolean : T extends number ? number : string;
export type SystemSettings = { -readonly [K in keyof typeof systemDefaults]: Widen<(typeof systemDefaults)[K]> };

/** A stored value is used only when it has the default's type and, for bounded numbers, lies within bounds. */
function usable(key: string, value: unknown): boolean {
  if (typeof value !== typeof systemDefaults[key as keyof SystemSettings]) return false;
  const bound = adminBounds[key as keyof typeof adminBounds] as { min: number; max: number } | undefined;
  return !bound || (Number.isInteger(value) && (value as number) >= bound.min && (value as number) <= bound.max);
}

export const systemSettingsRepository = {
  async getAll(db: Executor): Promise<SystemSettings> {
    const rows = await db.selectFrom('system_settings').select(['key', 'value']).execute();
    const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const settings: Record<string, unknown> = { ...systemDefaults };
    for (const key of Object.keys(systemDefaults)) {
      if (usable(key, stored[key])) settings[key] = stored[key];
    }
    return settings as SystemSettings;
  },

  async set(db: Executor, clock: Clock, values: Partial<SystemSettings>): Promise<void> {
    const updatedAt = clock.now().toISOString();
    for (const [key, value] of Object.entries(values)) {
      await db
        .insertInto('system_settings')
        .values({ key, value: JSON.stringify(value), updated_at: updatedAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: updatedAt }))
        .execute();
    }
  },
};

/** How long a process keeps the settings it read: every request may consult them, so they must cost nothing. */
export const SETTINGS_CACHE_MS = 2000;

const cached = new WeakMap<Db, { at: number; value: Promise<SystemSettings> }>();

/**
 * The settings as of at most two seconds ago, shared by every request of the
 * process (maintenance mode and the rate limit are checked on each call).
 * A save in this process is seen at once; another process's within 2 s.
 */
export function currentSystemSettings(db: Db): Promise<SystemSettings> {
  const now = Date.now();
  const hit = cached.get(db);
  if (hit && now - hit.at < SETTINGS_CACHE_MS) return hit.value;
  const value = systemSettingsRepository.getAll(db);
  cached.set(db, { at: now, value });
  // A failed read is not kept: the next call tries again.
  value.catch(() => cached.delete(db));
  return value;
}

/** Forget the held settings (after a save), so the next call reads them fresh. */
export function forgetSystemSettings(db: Db): void {
  cached.delete(db);
}

/** The flat settings in the admin screen's four groups. */
export function toSettingsGroups(s: SystemSettings): SystemSettingsGroups {
  return {
    platform: {
      site_name: s.site_name,
      site_description: s.site_description,
      maintenance_mode: s.maintenance_mode,
      allow_new_registrations: s.allow_new_registrations,
      max_stores_per_user: s.max_stores_per_user,
    },
    security: {
      require_email_verification: s.require_email_verification,
      password_min_length: s.password_min_length,
      enable_two_factor: s.enable_two_factor,
      session_timeout_hours: s.session_timeout_hours,
    },
    notifications: {
      email_notifications: s.email_notifications,
      admin_email: s.admin_email,
      smtp_server: s.smtp_server,
      smtp_port: s.smtp_port,
    },
    api: {
      rate_limit_per_minute: s.rate_limit_per_minute,
      enable_api_logging: s.enable_api_logging,
      api_version: s.api_version,
    },
  };
}

export const fromSettingsGroups = (g: SystemSettingsGroups): SystemSettings => ({
  ...g.platform,
  ...g.security,
  ...g.notifications,
  ...g.api,
});
