import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DeviceCodeTable, DeviceTable } from '../../db/schema.ts';

export const devicesRepository = {
  async insertCode(db: Executor, code: Insertable<DeviceCodeTable>): Promise<void> {
    await db.insertInto('device_codes').values(code).execute();
  },

  findCode(db: Executor, code: string) {
    return db
      .selectFrom('device_codes')
      .innerJoin('shops', 'shops.id', 'device_codes.shop_id')
      .select([
        'device_codes.id',
        'device_codes.shop_id',
        'device_codes.device_name',
        'device_codes.expires_at',
        'device_codes.used_at',
        'shops.name as shop_name',
        'shops.is_active as shop_is_active',
      ])
      .where('device_codes.code', '=', code)
      .executeTakeFirst();
  },

  /** Marks a code used; false when another tablet used it first. */
  async useCode(db: Executor, id: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable('device_codes')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async insertDevice(db: Executor, device: Insertable<DeviceTable>): Promise<void> {
    await db.insertInto('devices').values(device).execute();
  },

  byTokenHash(db: Executor, tokenHash: string) {
    return db
      .selectFrom('devices')
      .innerJoin('shops', 'shops.id', 'devices.shop_id')
      .select([
        'devices.id',
        'devices.shop_id',
        'devices.name',
        'devices.is_active',
        'shops.name as shop_name',
        'shops.is_active as shop_is_active',
      ])
      .where('devices.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  async touch(db: Executor, id: number, at: string): Promise<void> {
    await db.updateTable('devices').set({ last_login: at }).where('id', '=', id).execute();
  },

  list(db: Executor, shopId: number) {
    return db
      .selectFrom('devices')
      .select(['name', 'serial_number', 'ip_address', 'registered_on', 'last_login', 'is_active'])
      .where('shop_id', '=', shopId)
      .orderBy('registered_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Deactivates the shop's active device of that name and serial; how many were. */
  async deactivate(db: Executor, shopId: number, name: string, serial: string): Promise<number> {
    const result = await db
      .updateTable('devices')
      .set({ is_active: 0 })
      .where('shop_id', '=', shopId)
      .where('name', '=', name)
      .where('serial_number', '=', serial)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
