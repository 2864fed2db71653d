import { routes, type RouteName, type Routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DEMO_OWNER } from './demo.ts';

type Body<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType } ? z.input<B> : never;

/**
 * A route of the contract called inside the process (Fastify's `inject`): its validation, roles and services, as a
 * client meets them. The demo's day must be one a shop could have had, so it goes through the same doors.
 */
async function call<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  body: Body<N>,
): Promise<z.output<Routes[N]['response']>> {
  const route = routes[name];
  const res = await app.inject({ method: route.method, url: route.path, payload: body as object });
  if (res.statusCode !== 200) throw new Error(`demo data: ${route.path} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/**
 * The demo shop's day so far, so that its screens show what they are for: a regular with store credit, an order
 * waiting in Order Management and one confirmed (statistics show a sale), and the regular's sell list waiting on the
 * Buylist screen. Played by the Owner, logged in through the login route (outside production the captcha takes any
 * token), in one session ended at the end; a call that fails throws (the caller says so and starts without the day).
 */
export async function playDemoDay(app: FastifyInstance): Promise<void> {
  const { token } = await call(app, 'login', { ...DEMO_OWNER, turnstileToken: 'demo' });

  // Copies that sell: English, near mint, priced, more than one in stock.
  const { inventory } = await call(app, 'publicInventory', { subdomain: 'demo', page: '1' });
  type Copy = (typeof inventory)[number];
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

  const { customer } = await call(app, 'customersCreate', {
    token,
    customer: { name: 'Sam Rivera', email: 'sam@demo.cardstock.local', notes: 'Friday Night Magic regular' },
  });
  await call(app, 'customersAdjust', {
    token,
    customer_id: customer.id,
    amount: 12.5,
    reason: 'Prize support, Friday Night Magic',
  });

  const sold = await call(app, 'placeOrder', { token, items: [line(a, 2), line(b)] });
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
