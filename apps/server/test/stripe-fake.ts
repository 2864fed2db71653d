import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: form-encoded fields as Stripe's SDK sends them (`line_items[0][price]`). */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeFake {
  url: string;
  requests: StripeRequest[];
  /** Requests to one method and path, in order. */
  sent(method: string, path: string): StripeRequest[];
  /** What Stripe Checkout does when the customer pays: a subscription on the session's price, linked to it. */
  completeCheckout(sessionId: string): StripeObject;
  /** A subscription made outside Cardstock (the Stripe dashboard): the customer on `price`. */
  createSubscription(customer: string, price: string, metadata?: Record<string, string>): StripeObject;
  /** Stripe ends a subscription (the period of a cancelled one ran out). */
  endSubscription(id: string): StripeObject;
  /** The next `times` requests to `path` fail with Stripe's error shape and `status`. */
  fail(path: string, status: number, times?: number): void;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60;
const seconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

/**
 * A local server speaking the Stripe REST API for exactly the calls Cardstock
 * makes (customers, Checkout sessions, subscriptions, billing portal
 * sessions): form-encoded requests, JSON objects shaped like Stripe's, its
 * error shape, and Idempotency-Key replays. A subscription update sets or
 * clears `cancel_at_period_end` (cancel, resume) and changes its item's price
 * (upgrade), and is refused once the subscription has ended. It records every request.
 */
export async function startStripeFake(): Promise<StripeFake> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject & { price: string; subscriptionMetadata: Record<string, string> }>();
  const subscriptions = new Map<string, StripeObject>();
  const replays = new Map<string, unknown>();
  const failures = new Map<string, { status: number; times: number }>();

  /** `metadata[shop_id]` → { shop_id } for the fields under one prefix. */
  const nested = (form: Record<string, string>, prefix: string) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith(`${prefix}[`))
        .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
    );

  function subscription(customer: string, price: string, metadata: Record<string, string>): StripeObject {
    const start = seconds();
    const sub: StripeObject = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      start_date: start,
      billing_cycle_anchor: start,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price' },
            quantity: 1,
            current_period_start: start,
            current_period_end: start + 30 * DAY,
          },
        ],
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  function answer(method: string, path: string, form: Record<string, string>): [number, unknown] {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: form.email,
        name: form.name,
        metadata: nested(form, 'metadata'),
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = newId('cs_test');
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        status: 'open',
        subscription: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        price: form['line_items[0][price]'] ?? '',
        subscriptionMetadata: nested(form, 'subscription_data[metadata]'),
      };
      sessions.set(id, session);
      const { price: _price, subscriptionMetadata: _metadata, ...visible } = session;
      return [200, visible];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.com/p/session/${id}`,
        },
      ];
    }
    const match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    const sub = match ? subscriptions.get(match[1]!) : undefined;
    if (sub && method === 'GET') return [200, sub];
    if (sub && method === 'POST') {
      // Stripe refuses any change to a subscription that has ended.
      if (sub.status === 'canceled')
        return [400, stripeError('You cannot update a subscription that is `canceled` or `incomplete_expired`.')];
      const item = (sub.items as { data: Record<string, unknown>[] }).data[0]!;
      if (form['items[0][price]']) {
        if (form['items[0][id]'] !== item.id) return [400, stripeError('No such subscription item')];
        item.price = { id: form['items[0][price]'], object: 'price' };
      }
      if (form.cancel_at_period_end !== undefined) sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
      return [200, sub];
    }
    return [404, stripeError(`Unrecognized request URL (${method}: ${path})`)];
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const form = Object.fromEntries(new URLSearchParams(body));
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, form, headers: req.headers });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(value));
      };
      const failure = failures.get(url.pathname);
      if (failure && failure.times > 0) {
        failure.times -= 1;
        return send(failure.status, stripeError('The fake was told to fail this call.'));
      }
      // Stripe answers a repeated Idempotency-Key with the first answer.
      const key = req.headers['idempotency-key'];
      const replayKey = method === 'POST' && typeof key === 'string' && !key.startsWith('stripe-node-retry') ? key : '';
      if (replayKey && replays.has(replayKey)) return send(200, replays.get(replayKey));
      const [status, value] = answer(method, url.pathname, form);
      if (replayKey && status === 200) replays.set(replayKey, value);
      send(status, value);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const sub = subscription(session.customer as string, session.price, session.subscriptionMetadata);
      Object.assign(session, { status: 'complete', subscription: sub.id });
      const { price: _price, subscriptionMetadata: _metadata, ...visible } = session;
      return visible;
    },
    createSubscription: (customer, price, metadata = {}) => subscription(customer, price, metadata),
    endSubscription(id) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      return Object.assign(sub, { status: 'canceled', ended_at: seconds(), canceled_at: seconds() });
    },
    fail(path, status, times = 1) {
      failures.set(path, { status, times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stripeError = (message: string) => ({ error: { type: 'invalid_request_error', message } });
