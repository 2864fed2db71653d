import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import type { Engine } from '../database.ts';
import type { DB } from '../schema.ts';
import * as m0001 from './0001-foundation.ts';
import * as m0002 from './0002-accounts.ts';
import * as m0003 from './0003-catalog.ts';
import * as m0004 from './0004-inventory.ts';
import * as m0005 from './0005-sealed.ts';
import * as m0006 from './0006-inventory-version.ts';
import * as m0007 from './0007-orders.ts';
import * as m0008 from './0008-devices.ts';
import * as m0009 from './0009-team.ts';
import * as m0010 from './0010-billing.ts';
import * as m0011 from './0011-admin.ts';
import * as m0012 from './0012-sealed-orders.ts';
import * as m0013 from './0013-card-prices.ts';
import * as m0014 from './0014-low-stock.ts';
import * as m0015 from './0015-csv-uploads.ts';
import * as m0016 from './0016-languages.ts';
import * as m0017 from './0017-order-fingerprint.ts';
import * as m0018 from './0018-tool-ids.ts';
import * as m0019 from './0019-account-unlocks.ts';
import * as m0020 from './0020-card-flags.ts';
import * as m0021 from './0021-reservations.ts';
import * as m0022 from './0022-buylist.ts';
import * as m0023 from './0023-csv-upload-parts.ts';
import * as m0024 from './0024-buy-version.ts';
import * as m0025 from './0025-reservation-limits.ts';
import * as m0026 from './0026-buy-decided-role.ts';
import * as m0027 from './0027-orders-version.ts';
import * as m0028 from './0028-pickup-deadline.ts';
import * as m0029 from './0029-shop-hours.ts';
import * as m0030 from './0030-register.ts';
import * as m0031 from './0031-sealed-upc.ts';
import * as m0032 from './0032-sale-trade-in.ts';
import * as m0033 from './0033-cash-drawers.ts';
import * as m0034 from './0034-sale-returns.ts';
import * as m0035 from './0035-shop-events.ts';
import * as m0036 from './0036-stock-locations.ts';
import * as m0037 from './0037-quick-adds.ts';
import * as m0038 from './0038-label-prices.ts';
import * as m0039 from './0039-pick-progress.ts';
import * as m0040 from './0040-return-keys.ts';
import * as m0041 from './0041-orders-version-at-commit.ts';
import * as m0042 from './0042-channels.ts';
import * as m0043 from './0043-channel-orders.ts';
import * as m0044 from './0044-inventory-shop-rows.ts';

export type MigrationFactory = (engine: Engine) => Migration;

/**
 * Migrations are compiled into the server (no directory scan), listed here in
 * order. Each one gets the engine so it can pick column types that differ.
 */
const all: Record<string, MigrationFactory> = {
  '0001-foundation': m0001.migration,
  '0002-accounts': m0002.migration,
  '0003-catalog': m0003.migration,
  '0004-inventory': m0004.migration,
  '0005-sealed': m0005.migration,
  '0006-inventory-version': m0006.migration,
  '0007-orders': m0007.migration,
  '0008-devices': m0008.migration,
  '0009-team': m0009.migration,
  '0010-billing': m0010.migration,
  '0011-admin': m0011.migration,
  '0012-sealed-orders': m0012.migration,
  '0013-card-prices': m0013.migration,
  '0014-low-stock': m0014.migration,
  '0015-csv-uploads': m0015.migration,
  '0016-languages': m0016.migration,
  '0017-order-fingerprint': m0017.migration,
  '0018-tool-ids': m0018.migration,
  '0019-account-unlocks': m0019.migration,
  '0020-card-flags': m0020.migration,
  '0021-reservations': m0021.migration,
  '0022-buylist': m0022.migration,
  '0023-csv-upload-parts': m0023.migration,
  '0024-buy-version': m0024.migration,
  '0025-reservation-limits': m0025.migration,
  '0026-buy-decided-role': m0026.migration,
  '0027-orders-version': m0027.migration,
  '0028-pickup-deadline': m0028.migration,
  '0029-shop-hours': m0029.migration,
  '0030-register': m0030.migration,
  '0031-sealed-upc': m0031.migration,
  '0032-sale-trade-in': m0032.migration,
  '0033-cash-drawers': m0033.migration,
  '0034-sale-returns': m0034.migration,
  '0035-shop-events': m0035.migration,
  '0036-stock-locations': m0036.migration,
  '0037-quick-adds': m0037.migration,
  '0038-label-prices': m0038.migration,
  '0039-pick-progress': m0039.migration,
  '0040-return-keys': m0040.migration,
  '0041-orders-version-at-commit': m0041.migration,
  '0042-channels': m0042.migration,
  '0043-channel-orders': m0043.migration,
  '0044-inventory-shop-rows': m0044.migration,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(Object.fromEntries(Object.entries(all).map(([name, make]) => [name, make(this.engine)])));
  }
}

export async function migrateToLatest(db: Kysely<DB>, engine: Engine): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Moves the database to just after migration `name` (down or up): for tests of a migration's both ways. */
export async function migrateTo(db: Kysely<DB>, engine: Engine, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(engine) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
}
