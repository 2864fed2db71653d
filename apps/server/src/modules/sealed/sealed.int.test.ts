import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildShop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

const m = messages.sealed;

type Shop = Awaited<ReturnType<typeof buildShop>>;

describe(`sealed stock (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  const call = (path: string, body: Record<string, unknown>, token = shop.token) =>
    server.request('POST', `/api/shop/sealed${path}`, { token, ...body });
  const list = (body: Record<string, unknown> = {}, token = shop.token) => call('', body, token);
  const product = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bloomburrow Play Booster Box',
    category: 'Booster Box',
    set_code: 'BLB',
    price: 139.99,
    quantity: 3,
    ...overrides,
  });
  /** The audit rows of a shop's Owner, oldest first. */
  const auditOf = (email: string) =>
    server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor', '=', email)
      .where('action', 'like', 'sealed.%')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  it('adds a product and lists it: set code lower-cased, price in dollars', async () => {
    const res = await call('/add', product({ name: '  Bloomburrow Play Booster Box ' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.added(3, 'Bloomburrow Play Booster Box'));
    expect(res.body.item).toEqual({
      id: expect.any(Number),
      name: 'Bloomburrow Play Booster Box',
      category: 'Booster Box',
      set_code: 'blb',
      price: 139.99,
      quantity: 3,
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      upc: null,
      location: '',
    });
    const page = await list({ page: '1' });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ sealed: [res.body.item], page: 1, total_pages: 1, total: 1 });
    const stored = await server.ctx.db
      .selectFrom('sealed_products')
      .select(['price', 'set_code'])
      .where('id', '=', res.body.item.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ price: 13999, set_code: 'blb' });
  });

  it('adds the same name, category and set to the existing product at the new price', async () => {
    const res = await call('/add', product({ set_code: ' blb ', price: 129.5, quantity: 2 }));
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ set_code: 'blb', price: 129.5, quantity: 5 });
    expect((await list()).body.total).toBe(1);
  });

  it('merges products without a set too (stored as "", answered as null)', async () => {
    const first = await call('/add', product({ name: 'Holiday Gift Bundle', category: 'Bundle', set_code: '' }));
    const again = await call(
      '/add',
      product({ name: 'Holiday Gift Bundle', category: 'Bundle', set_code: undefined, quantity: 1 }),
    );
    const nulled = await call(
      '/add',
      product({ name: 'Holiday Gift Bundle', category: 'Bundle', set_code: null, quantity: 1 }),
    );
    expect(first.body.item.set_code).toBeNull();
    expect(nulled.body.item).toMatchObject({ id: first.body.item.id, set_code: null, quantity: 5 });
    expect(again.body.item.id).toBe(first.body.item.id);
    // A different category is a different product.
    const other = await call('/add', product({ name: 'Holiday Gift Bundle', category: 'Other', set_code: '' }));
    expect(other.body.item.id).not.toBe(first.body.item.id);
  });

  it('edits every field; quantity 0 keeps the product, out of stock', async () => {
    const { item } = (await call('/add', product({ name: 'Duskmourn Commander Deck', category: 'Commander Deck' })))
      .body;
    const res = await call('/edit', {
      id: item.id,
      name: 'Duskmourn Commander Deck: Endless Punishment',
      category: 'Commander Deck',
      set_code: 'DSC',
      price: 44.95,
      quantity: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.updated);
    expect(res.body.item).toMatchObject({
      id: item.id,
      name: 'Duskmourn Commander Deck: Endless Punishment',
      set_code: 'dsc',
      price: 44.95,
      quantity: 0,
    });
    const found = (await list({ filter: 'endless' })).body.sealed;
    expect(found).toEqual([res.body.item]);
    // Clearing the set code is explicit: "" or null.
    const cleared = await call('/edit', { ...res.body.item, set_code: null });
    expect(cleared.body.item.set_code).toBeNull();
  });

  it('refuses an edit that would duplicate another product, and one without every field', async () => {
    const a = (await call('/add', product({ name: 'Twin A', category: 'Other', set_code: '' }))).body.item;
    await call('/add', product({ name: 'Twin B', category: 'Other', set_code: '' }));
    const twin = await call('/edit', { ...a, name: 'Twin B' });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe(m.duplicate);
    const partial = await call('/edit', { id: a.id, name: 'Twin A', category: 'Other', price: 1, quantity: 1 });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe(m.setCodeRequired);
  });

  it('deletes a product, naming it', async () => {
    const { item } = (await call('/add', product({ name: 'Foundations Starter Kit', category: 'Starter Deck' }))).body;
    const res = await call('/delete', { id: item.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.deleted('Foundations Starter Kit'));
    expect((await list({ filter: 'foundations' })).body.sealed).toEqual([]);
    const again = await call('/delete', { id: item.id });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(m.notFound);
  });

  it('answers 404 for an unknown id', async () => {
    const edit = await call('/edit', { id: 999_999, ...product() });
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(m.notFound);
  });

  it.each([
    [{ name: '   ' }, m.nameRequired],
    [{ name: undefined }, m.nameRequired],
    [{ name: 'x'.repeat(201) }, m.nameTooLong],
    [{ category: 'Sleeves' }, m.categoryInvalid],
    [{ set_code: 'abcdefghijk' }, m.setCodeTooLong],
    [{ price: -1 }, m.priceNegative],
    [{ price: 100_000.01 }, m.priceTooHigh],
    [{ price: 1.005 }, m.priceCents],
    [{ price: '12' }, m.priceInvalid],
    [{ price: undefined }, m.priceRequired],
    [{ quantity: 1.5 }, m.quantityInvalid],
    [{ quantity: -1 }, m.quantityNegative],
    [{ quantity: 100_001 }, m.quantityTooHigh],
  ])('refuses %j with 400: "%s"', async (overrides, message) => {
    const res = await call('/add', product(overrides));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses an add that would hold more than the maximum, writing nothing', async () => {
    const name = 'Overflow Pack';
    await call('/add', product({ name, category: 'Booster Pack', quantity: 100_000 }));
    const res = await call('/add', product({ name, category: 'Booster Pack', quantity: 1, price: 1 }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.tooMany(name));
    expect((await list({ filter: 'overflow' })).body.sealed[0]).toMatchObject({ quantity: 100_000, price: 139.99 });
    expect((await auditOf(shop.email)).filter((r) => r.detail!.includes(name))).toHaveLength(1);
  });

  it('writes every change to the audit log, in the same transaction as the change', async () => {
    const rows = await auditOf(shop.email);
    const actions = new Set(rows.map((r) => r.action));
    expect([...actions].sort()).toEqual(['sealed.add', 'sealed.delete', 'sealed.edit']);
    const deleted = rows.find((r) => r.action === 'sealed.delete')!;
    expect(JSON.parse(deleted.detail!)).toMatchObject({ name: 'Foundations Starter Kit', category: 'Starter Deck' });
    const edit = rows.find((r) => r.action === 'sealed.edit')!;
    expect(JSON.parse(edit.detail!)).toMatchObject({ before: { quantity: 3 }, after: { quantity: 0, price: 4495 } });
    // The refused writes above (the duplicate edit, the overflow) left no audit row.
    expect(rows.filter((r) => r.action === 'sealed.edit')).toHaveLength(2);
    expect(rows.filter((r) => r.detail!.includes('Overflow'))).toHaveLength(1);
  });

  it('pages 50 products at a time in name order, case aside; the page arrives as text', async () => {
    const paged = await buildShop(server);
    const names = Array.from({ length: 55 }, (_, i) => `${i % 2 ? 'pack' : 'Pack'} ${String(i).padStart(2, '0')}`);
    for (const name of names) {
      const res = await call('/add', product({ name, category: 'Booster Pack', set_code: '' }), paged.token);
      expect(res.status).toBe(200);
    }
    const first = await list({ page: '1' }, paged.token);
    const second = await list({ page: 2 }, paged.token);
    expect(first.body).toMatchObject({ page: 1, total_pages: 2, total: 55 });
    expect(first.body.sealed).toHaveLength(50);
    expect(second.body.sealed).toHaveLength(5);
    const listed = [...first.body.sealed, ...second.body.sealed].map((s: { name: string }) => s.name);
    expect(listed).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const zero = await list({ page: '0' }, paged.token);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('page must be a whole number from 1.');
  });

  it('filters by part of the name, category or set code, in any case', async () => {
    const filtered = await buildShop(server);
    const add = (overrides: Record<string, unknown>) => call('/add', product(overrides), filtered.token);
    await add({ name: 'Bloomburrow Collector Booster', category: 'Collector Booster', set_code: 'blb' });
    await add({ name: 'Duskmourn Bundle', category: 'Bundle', set_code: 'dsk' });
    await add({ name: '100% Fun Pack', category: 'Other', set_code: '' });
    const names = async (filter: string) =>
      (await list({ filter }, filtered.token)).body.sealed.map((s: { name: string }) => s.name);
    expect(await names('BLOOM')).toEqual(['Bloomburrow Collector Booster']);
    expect(await names('bundle')).toEqual(['Duskmourn Bundle']);
    expect(await names('DSK')).toEqual(['Duskmourn Bundle']);
    expect(await names('collector b')).toEqual(['Bloomburrow Collector Booster']);
    // LIKE wildcards are plain characters here.
    expect(await names('%')).toEqual(['100% Fun Pack']);
    expect(await names('nothing like it')).toEqual([]);
    expect((await list({ filter: 'x'.repeat(201) }, filtered.token)).status).toBe(400);
  });

  it('keeps shops apart: another shop sees, edits and deletes none of these products', async () => {
    const other = await buildShop(server);
    const mine = (await list({ filter: 'bloomburrow' })).body.sealed[0];
    expect((await list({}, other.token)).body).toEqual({ sealed: [], page: 1, total_pages: 1, total: 0 });
    const edit = await call('/edit', { ...product(), id: mine.id, quantity: 99 }, other.token);
    expect(edit.status).toBe(404);
    expect(edit.body.message).toBe(m.notFound);
    const del = await call('/delete', { id: mine.id }, other.token);
    expect(del.status).toBe(404);
    expect(del.body.message).toBe(m.notFound);
    // The same product in another shop is its own row, not a merge into ours.
    const theirs = await call('/add', product(), other.token);
    expect(theirs.body.item.id).not.toBe(mine.id);
    expect(theirs.body.item.quantity).toBe(3);
    expect((await list({ filter: 'bloomburrow play' })).body.sealed[0]).toEqual(mine);
  });

  it('lets a Watcher list but not add, edit or delete, naming the role and the action', async () => {
    const { token, email } = await addMember(server, shop.email, 'Watcher');
    const seen = await list({}, token);
    expect(seen.status).toBe(200);
    expect(seen.body.total).toBeGreaterThan(0);
    const id = seen.body.sealed[0].id;
    const refused = 'A Watcher cannot add or edit inventory.';
    for (const [path, body] of [
      ['/add', product()],
      ['/edit', { ...product(), id }],
      ['/delete', { id }],
    ] as const) {
      const res = await call(path, body, token);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(refused);
    }
    expect(await auditOf(email)).toEqual([]);
  });

  it('asks for a session', async () => {
    const res = await server.request('POST', '/api/shop/sealed', {});
    expect(res.status).toBe(401);
  });
});
