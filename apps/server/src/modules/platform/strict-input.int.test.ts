import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, expectError } from '../../../test/client.ts';
import { addPlatformStaff, buildShop, pricedCard, stock, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Issue 23, finding 6: numbers are numbers (or decimal digits), a body is an object, and one Idempotency-Key
 * places one cart. Each case here answered 200 or 500 before.
 */
describe(`strict input (${testEngine})`, () => {
  let server: TestServer;
  let owner: Shop;
  let cardId: string;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    owner = await buildShop(server);
    const card = await pricedCard(server);
    cardId = card.id;
    await stock(server, owner, [{ card, quantity: 10 }]);
  });
  afterAll(() => server.close());

  const post = (path: string, raw: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, ...headers },
      body: raw,
    });
  const quantityOf = async () =>
    (
      await server.ctx.db
        .selectFrom('inventory')
        .select('quantity')
        .where('shop_id', '=', owner.id)
        .where('card_id', '=', cardId)
        .executeTakeFirstOrThrow()
    ).quantity;

  it('answers a body that is not an object with 400 and a sentence, on a JSON route and on the upload', async () => {
    for (const path of ['/api/shop/inventory/add', '/api/shop/inventory/csv/import']) {
      for (const raw of ['[]', '[{}]', 'true', '5', '"x"']) {
        const res = await post(path, raw);
        expect(res.status, `${path} ${raw}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toBe(messages.server.bodyNotObject);
      }
    }
    // JSON's null is an empty form: the upload asks for its file, not a server error.
    const empty = await post('/api/shop/inventory/csv/import', 'null');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(messages.inventoryServer.importNoFile);
  });

  it('refuses U+0000 anywhere in a JSON body, in a list’s line too, and takes a written \\u0000 that is not one', async () => {
    const nul = [
      ['/api/shop/inventory/add', `{"scryfall_id":"${cardId}\\u0000","quantity":1}`],
      ['/api/shop/inventory/add', `{"scryfall_id":"${cardId}","quantity":1,"note\\u0000":1}`],
      ['/api/buylist/offer', `{"items":[{"scryfall_id":"${cardId}","quality":"NM","quantity":1,"x":["\\u0000"]}]}`],
    ];
    for (const [path, raw] of nul) {
      const res = await post(path!, raw!);
      expect(res.status, raw).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(messages.server.nulCharacter);
    }
    // A backslash followed by "u0000" is six characters of text, not U+0000: read on as any other text.
    const written = await post('/api/shop/inventory/add', `{"scryfall_id":"\\\\u0000","quantity":1}`);
    expect(written.status).toBe(400);
    expect(((await written.json()) as { message: string }).message).not.toBe(messages.server.nulCharacter);
  });

  it('takes a quantity as a number or decimal digits, and refuses null, "", [], true, hex and exponents', async () => {
    const before = await quantityOf();
    // Sent as they are, past the contract's types, as a client we did not write might.
    for (const bad of [null, '', [], true, '0x10', '1e1', 'ten', ' ']) {
      const quantity = bad as unknown as number;
      const add = await call(server, 'inventoryAdd', { scryfall_id: cardId, quantity }, { token: owner.token });
      expectError(add, 400);
      expect(add.body.message, JSON.stringify(bad)).toMatch(/^quantity must be/);
      const edit = await call(
        server,
        'inventoryEdit',
        { scryfall_id: cardId, quality: 'NM', finish: 'nonfoil', quantity },
        { token: owner.token },
      );
      expectError(edit, 400);
      const placed = await call(
        server,
        'placeOrder',
        { items: [{ scryfall_id: cardId, quantity }] },
        { token: owner.token },
      );
      expectError(placed, 400);
    }
    expect(await quantityOf()).toBe(before);
    // Digits are a number: the spec's clients may send a form's text.
    const add = await call(server, 'inventoryAdd', { scryfall_id: cardId, quantity: '2' }, { token: owner.token });
    expect(add.status).toBe(200);
    expect(await quantityOf()).toBe(before + 2);
  });

  it('reads ids in admin paths as decimal only', async () => {
    const staff = await addPlatformStaff(server, 'superadmin');
    const hex = await server.request('GET', '/api/admin/stores/0x1', undefined, {
      authorization: `Bearer ${staff.token}`,
    });
    expect(hex.status).toBe(400);
    const decimalId = await server.request('GET', `/api/admin/stores/${owner.id}`, undefined, {
      authorization: `Bearer ${staff.token}`,
    });
    expect(decimalId.status).toBe(200);
    const exponent = await server.request('GET', `/api/admin/stores/${owner.id}e0`, undefined, {
      authorization: `Bearer ${staff.token}`,
    });
    expect(exponent.status).toBe(400);
  });

  it('places one cart per Idempotency-Key: the same cart again answers the first order, another cart 422', async () => {
    const tablet = api(server, owner);
    const key = { headers: { 'idempotency-key': 'till-7-order-1' } };
    const first = await tablet.call('placeOrder', { items: [{ scryfall_id: cardId, quantity: 1 }] }, key);
    expect(first.status).toBe(200);
    const left = await quantityOf();
    // The same cart, written otherwise (the default finish spelled out, the quantity as digits): the same order.
    const again = await tablet.call(
      'placeOrder',
      { items: [{ scryfall_id: cardId, finish: 'nonfoil', quantity: '1' }] },
      key,
    );
    expect(again.status).toBe(200);
    expect(again.ok && again.body.order_number).toBe(first.ok && first.body.order_number);
    const other = await tablet.call('placeOrder', { items: [{ scryfall_id: cardId, quantity: 3 }] }, key);
    expectError(other, 422);
    expect(other.body).toMatchObject({
      message: messages.ordersServer.idempotencyMismatch,
      code: 'IDEMPOTENCY_MISMATCH',
    });
    expect(await quantityOf()).toBe(left);
    const orders = await server.ctx.db
      .selectFrom('orders')
      .select('order_number')
      .where('shop_id', '=', owner.id)
      .execute();
    expect(orders).toHaveLength(1);
  });
});
