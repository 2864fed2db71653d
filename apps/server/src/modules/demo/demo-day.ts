import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { isoIn } from '../../lib/clock.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { authRepository } from '../auth/auth.repository.ts';

type RouteName = keyof typeof routes;

/** What the demo reads of a card on the shop's public page. */
interface Copy {
  card_scryfallid: string;
  price: number | null;
  inv_quantity: number;
  inv_finish: string;
  inv_quality: string;
  inv_language: string;
}

/**
 * A route of the contract called inside the process (Fastify's `inject`): its validation, roles and services, as a
 * client meets them. The demo's day must be one a shop could have had, so it goes through the same doors.
 */
async function call<T>(app: FastifyInstance, name: RouteName, body: Record<string, unknown>): Promise<T> {
  const route = routes[name];
  const res = await app.inject({ method: route.method, url: route.path, payload: body });
  if (res.statusCode !== 200) throw new Error(`demo data: ${route.path} answered ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

/** How long the session that plays the demo's day lives if it is not ended (it is, at the end). */
const SESSION_MS = 5 * 60_000;

/**
 * The demo shop's day so far, so that its screens show what they are for: online reservations taken, a regular with
 * store credit, an order waiting in Order Management and one confirmed (statistics show a sale), and the regular's
 * sell list waiting on the Buylist screen. Played by the Owner through the API in one short session; a call that
 * fails throws (the caller says so and starts without the day).
 */
export async function playDemoDay(app: FastifyInstance, ctx: AppContext, ownerId: number): Promise<void> {
  const token = newToken();
  const at = ctx.clock.now().toISOString();
  await authRepository.insertSession(ctx.db, {
    user_id: ownerId,
    token_hash: hashToken(token),
    created_at: at,
    last_used_at: at,
    expires_at: isoIn(ctx.clock, SESSION_MS),
  });

  await call(app, 'settingsSave', {
    token,
    subdomain: 'demo',
    shop_hidden: 0,
    reservations_enabled: true,
    reservation_hold_hours: 48,
  });

  // Copies that sell: English, near mint, priced, more than one in stock.
  const { inventory } = await call<{ inventory: Copy[] }>(app, 'publicInventory', {
    subdomain: 'demo',
    page: '1',
  });
  const selling = inventory.filter(
    (c) => c.price !== null && c.inv_quantity > 1 && c.inv_quality === 'NM' && c.inv_language === 'en',
  );
  const line = (c: Copy, quantity = 1) => ({
    scryfall_id: c.card_scryfallid,
    finish: c.inv_finish,
    quality: c.inv_quality,
    quantity,
  });
  const [a, b, c, d, e] = selling;
  // A catalog imported before the first start may have too few priced copies: the shop is there, its day is not.
  if (!a || !b || !c || !d || !e) {
    await call(app, 'logout', { token });
    return;
  }

  const { customer } = await call<{ customer: { id: number } }>(app, 'customersCreate', {
    token,
    customer: { name: 'Sam Rivera', email: 'sam@demo.cardstock.local', notes: 'Friday Night Magic regular' },
  });
  await call(app, 'customersAdjust', {
    token,
    customer_id: customer.id,
    amount: 12.5,
    reason: 'Prize support, Friday Night Magic',
  });

  const sold = await call<{ order_number: string }>(app, 'placeOrder', { token, items: [line(a, 2), line(b)] });
  await call(app, 'confirmOrder', { token, order_number: sold.order_number });
  await call(app, 'placeOrder', { token, items: [line(c), line(d)], customer_id: customer.id });

  await call(app, 'buylistSubmit', {
    token,
    customer_id: customer.id,
    items: [
      { ...line(e, 2), quality: 'LP' },
      { ...line(a), quality: 'NM' },
    ],
  });

  await call(app, 'logout', { token });
}
