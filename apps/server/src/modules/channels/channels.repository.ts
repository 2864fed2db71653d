import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ShopChannelTable } from '../../db/schema.ts';

export type ChannelRow = Selectable<ShopChannelTable>;

export const channelsRepository = {
  ofShop(db: Executor, shopId: number): Promise<ChannelRow[]> {
    return db.selectFrom('shop_channels').selectAll().where('shop_id', '=', shopId).execute();
  },

  find(db: Executor, shopId: number, channel: string): Promise<ChannelRow | undefined> {
    return db
      .selectFrom('shop_channels')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('channel', '=', channel)
      .executeTakeFirst();
  },

  /** Writes a shop's channel whole (its first save makes the row); the row as it now is. */
  save(db: Executor, row: Insertable<ShopChannelTable>): Promise<ChannelRow> {
    const { shop_id: _shop, channel: _channel, ...changes } = row;
    return db
      .insertInto('shop_channels')
      .values(row)
      .onConflict((oc) => oc.columns(['shop_id', 'channel']).doUpdateSet(changes))
      .returningAll()
      .executeTakeFirstOrThrow();
  },
};
