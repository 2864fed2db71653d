import type { Executor } from '../../db/database.ts';

export const settingsRepository = {
  shop(db: Executor, shopId: number) {
    return db
      .selectFrom('shops')
      .select([
        'name',
        'subdomain',
        'shop_hidden',
        'description',
        'address',
        'city',
        'state',
        'country',
        'pricing',
        'low_stock_threshold',
        'reservations_enabled',
        'reservation_hold_hours',
        'reservation_limits',
        'time_zone',
        'pickup_hours',
        'tax_rate_thousandths',
        'prices_include_tax',
        'employee_discount_limit_percent',
        'return_policy',
      ])
      .where('id', '=', shopId)
      .executeTakeFirstOrThrow();
  },

  subdomainOwner(db: Executor, subdomain: string) {
    return db.selectFrom('shops').select('id').where('subdomain', '=', subdomain).executeTakeFirst();
  },

  async save(
    db: Executor,
    shopId: number,
    values: {
      subdomain: string | null;
      shop_hidden: number;
      description?: string;
      pricing?: string;
      low_stock_threshold?: number;
      reservations_enabled?: number;
      reservation_hold_hours?: number;
      reservation_limits?: string;
      time_zone?: string;
      pickup_hours?: string;
      tax_rate_thousandths?: number;
      prices_include_tax?: number;
      employee_discount_limit_percent?: number;
      return_policy?: string;
    },
  ): Promise<void> {
    await db.updateTable('shops').set(values).where('id', '=', shopId).execute();
  },
};
