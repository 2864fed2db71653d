import { pickupDeadline } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf } from '../../../test/client.ts';
import { pricedCard, publicShop, shop as buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { migrateTo, migrateToLatest } from './index.ts';

/**
 * Migration 0028 keeps a confirmed reservation's pickup deadline on the order. Both ways it keeps every order; a
 * reservation confirmed before it has no deadline stored and is held from its confirmation for the shop's days.
 */
describe(`migration 0028, pickup deadline (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => server.close());

  const orders = () =>
    server.ctx.db.selectFrom('orders').select(['id', 'order_number', 'status', 'decided_at']).orderBy('id').execute();

  it('keeps every order going down and up; one confirmed before it is held for the shop’s days', async () => {
    const card = await pricedCard(server);
    const shop = await publicShop(server, await buildShop(server));
    bodyOf(await api(server, shop).call('inventoryAdd', { scryfall_id: card.id, quantity: 2 }));
    bodyOf(
      await api(server, shop).call('settingsSave', {
        subdomain: shop.subdomain,
        shop_hidden: 0,
        reservations_enabled: true,
      }),
    );
    const placed = bodyOf(
      await api(server).call(
        'publicOrder',
        {
          subdomain: shop.subdomain,
          items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1 }],
          name: 'Mig Ration',
          email: 'mig@example.com',
          turnstileToken: 't',
        },
        { headers: { 'idempotency-key': 'migration-0028' } },
      ),
    );
    bodyOf(await api(server, shop).call('confirmOrder', { order_number: placed.order_number }));
    const before = await orders();

    await migrateTo(server.ctx.db, server.ctx.engine, '0027-orders-version');
    expect(await orders()).toEqual(before);
    await expect(server.ctx.db.selectFrom('orders').select('pickup_until').execute()).rejects.toThrow();

    expect(await migrateToLatest(server.ctx.db, server.ctx.engine)).toContain('0028-pickup-deadline');
    expect(await orders()).toEqual(before);
    const order = bodyOf(await api(server, shop).call('orderHistory')).data.orders[0]!;
    expect(order).toMatchObject({ status: 'confirmed', closed_timestamp: null });
    expect(order.pickup_until).toBe(pickupDeadline(before[0]!.decided_at!, 7));
  });
});
