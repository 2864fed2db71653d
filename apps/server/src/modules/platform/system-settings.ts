import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * Platform-wide settings edited in the admin area. Defaults follow spec 000 §9
 * (password minimum 6) and spec 001's admin samples (24 h sessions).
 */
export const systemDefaults = {
  password_min_length: 6,
  session_timeout_hours: 24,
  allow_new_registrations: true,
  maintenance_mode: false,
} as const;

export type SystemSettings = {
  -readonly [K in keyof typeof systemDefaults]: (typeof systemDefaults)[K] extends boolean ? boolean : number;
};

export const systemSettingsRepository = {
  async getAll(db: Executor): Promise<SystemSettings> {
    const rows = await db.selectFrom('system_settings').select(['key', 'value']).execute();
    const stored = Object.fromEntries(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const settings: Record<string, unknown> = { ...systemDefaults };
    for (const key of Object.keys(systemDefaults)) {
      if (typeof stored[key] === typeof settings[key]) settings[key] = stored[key];
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
