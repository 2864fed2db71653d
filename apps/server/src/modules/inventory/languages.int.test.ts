import { dollarsToCents, priceCents } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk, type Api } from '../../../test/client.ts';
import { inventoryRows, uploadCsv } from '../../../test/csv-import.ts';
import { pricedCard, publicShop, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import type { FixtureCard } from '@cardstock/fixtures';

/** Language is part of a stock row: add, edit, search, price, order, storefront, import and export all carry it. */
describe(`languages in stock rows (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  let card: FixtureCard;
  const rowsOf = async (filter = '') =>
    bodyOf(await call(server, 'inventoryList', { Authorization: shop.token, page: '1', filter }))
      .inventory.filter((r) => r.inv_card_id === card.id)
      .map((r) => `${r.inv_finish}|${r.inv_quality}|${r.inv_language}|${r.inv_quantity}`)
      .sort();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    card = await pricedCard(server, 3);
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('keeps each language in its own row; a call without one means English, as before languages', async () => {
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 2 }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 3, language: 'de' }));
    // Names are read too, any case.
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, language: 'German' }));
    expectOk(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, language: 'JA' }));
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|4', 'nonfoil|NM|en|2', 'nonfoil|NM|ja|1']);

    const bad = await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, language: 'Klingon' });
    expectError(bad, 400);
    expect(bad.body.message).toBe('language must be one of en, de, fr, it, es, pt, ja, ko, ru, zhs, zht, ph.');
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|4', 'nonfoil|NM|en|2', 'nonfoil|NM|ja|1']);
  });

  it('edits the row of the language named, and the English row when none is', async () => {
    const edit = (language?: string, quantity = 9) =>
      owner.call('inventoryEdit', {
        scryfall_id: card.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity,
        ...(language ? { language } : {}),
      });
    expectOk(await edit('de', 5));
    expectOk(await edit(undefined, 6));
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|5', 'nonfoil|NM|en|6', 'nonfoil|NM|ja|1']);
    const missing = await edit('fr');
    expectError(missing, 404);
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|5', 'nonfoil|NM|en|6', 'nonfoil|NM|ja|1']);
  });

  it('finds rows by lang: in the live search, and search hits carry the language', async () => {
    expect(await rowsOf('lang:de')).toEqual(['nonfoil|NM|de|5']);
    expect(await rowsOf('lang:japanese')).toEqual(['nonfoil|NM|ja|1']);
    const hits = bodyOf(await owner.call('search', { q: 'lang:ja' })).data.hits;
    expect(hits.map((h) => [h.scryfallId, h.language])).toEqual([[card.id, 'ja']]);
    const typo = await call(server, 'inventoryList', { Authorization: shop.token, page: '1', filter: 'lang:xx' });
    expectError(typo, 400);
    expect(typo.body.message).toMatch(/^Unknown language "xx"/);
  });

  it('prices each language by its share of the English price, kept when a client saves the rule without it', async () => {
    const settings = bodyOf(await owner.call('settingsGet', {}));
    expect(settings.pricing.language_percent).toEqual({});
    const rule = { ...settings.pricing, language_percent: { de: 50, ja: 150 } };
    expectOk(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, pricing: rule }));
    const market = dollarsToCents(Number(card.prices.usd));
    const expected = (language: 'en' | 'de' | 'ja') =>
      priceCents({ askingCents: null, marketCents: market, quality: 'NM', language, rule })! / 100;
    const prices = async () =>
      Object.fromEntries(
        bodyOf(await call(server, 'inventoryList', { Authorization: shop.token, page: '1', filter: '' }))
          .inventory.filter((r) => r.inv_card_id === card.id)
          .map((r) => [r.inv_language, r.price]),
      );
    expect(await prices()).toEqual({ en: expected('en'), de: expected('de'), ja: expected('ja') });
    expect(expected('de')).toBeLessThan(expected('en'));

    // A client of the spec sends the rule as it knows it, without languages: the shop's percentages stay.
    const { language_percent: _kept, ...older } = rule;
    expectOk(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, pricing: older }));
    expect(bodyOf(await owner.call('settingsGet', {})).pricing.language_percent).toEqual({ de: 50, ja: 150 });
    expect(await prices()).toEqual({ en: expected('en'), de: expected('de'), ja: expected('ja') });
  });

  it('sells from the row of the line’s language (English when the line names none) at that row’s price', async () => {
    const placed = bodyOf(
      await owner.call('placeOrder', {
        items: [
          { scryfall_id: card.id, finish: 'nonfoil', quantity: 2, language: 'de' },
          { scryfall_id: card.id, finish: 'nonfoil', quantity: 1 },
        ],
      }),
    );
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|3', 'nonfoil|NM|en|5', 'nonfoil|NM|ja|1']);
    const pending = bodyOf(await owner.call('pendingOrders', {})).data.orders.find(
      (o) => o.order_number === placed.order_number,
    )!;
    const byLanguage = Object.fromEntries(pending.items.map((i) => [i.language, i]));
    expect(byLanguage.de).toMatchObject({ quantity: 2, scryfall_id: card.id });
    expect(byLanguage.en).toMatchObject({ quantity: 1, scryfall_id: card.id });
    expect(byLanguage.de!.price).toBeLessThan(byLanguage.en!.price);

    // Only one Japanese copy: two are refused, and nothing is taken.
    const short = await owner.call('placeOrder', {
      items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2, language: 'ja' }],
    });
    expectError(short, 409);
    // None in French at all.
    const none = await owner.call('placeOrder', {
      items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 1, language: 'fr' }],
    });
    expectError(none, 409);
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|3', 'nonfoil|NM|en|5', 'nonfoil|NM|ja|1']);

    // Rejecting gives the copies back to the rows they came from.
    expectOk(await owner.call('rejectOrder', { order_number: placed.order_number }));
    expect(await rowsOf()).toEqual(['nonfoil|NM|de|5', 'nonfoil|NM|en|6', 'nonfoil|NM|ja|1']);
  });

  it('shows the language of each card on the public storefront', async () => {
    const front = await publicShop(server);
    const seller = api(server, front);
    expectOk(await seller.call('inventoryAdd', { scryfall_id: card.id, quantity: 1, language: 'fr' }));
    expectOk(await seller.call('inventoryAdd', { scryfall_id: card.id, quantity: 1 }));
    const page = bodyOf(await call(server, 'publicInventory', { subdomain: front.subdomain, page: '1' }));
    expect(page.inventory.map((i) => i.inv_language).sort()).toEqual(['en', 'fr']);
  });

  it('imports each line into its language and exports it back, in Cardstock’s file and in Moxfield’s', async () => {
    const a = await buildShop(server);
    const header = 'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price,Language';
    const file = [
      header,
      `${card.name},,,${card.id},nonfoil,NM,2,,de`,
      `${card.name},,,${card.id},nonfoil,NM,1,,German`,
      `${card.name},,,${card.id},nonfoil,LP,1,,`,
      `${card.name},,,${card.id},nonfoil,NM,4,,zhs`,
      `${card.name},,,${card.id},nonfoil,NM,1,,Elvish`,
    ].join('\n');
    const dry = await uploadCsv(server, a, file, { dry_run: 'true' });
    expect(dry.body.refused).toEqual([{ line: 6, reason: expect.stringMatching(/^Language "Elvish" is not one/) }]);
    expect(dry.body.difference.sample.map((c: { language: string }) => c.language).sort()).toEqual(['de', 'en', 'zhs']);
    const done = await uploadCsv(server, a, file, { accept_partial: 'true' });
    expect(done.body).toMatchObject({ imported: true, added: 3 });
    const rows = await inventoryRows(server, a);
    expect(rows).toEqual(
      [`${card.id}|nonfoil|LP|1`, `${card.id}|nonfoil|NM|3|de`, `${card.id}|nonfoil|NM|4|zhs`].sort(),
    );

    const exportAs = async (format: string) => {
      const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ auth_token: a.token, format }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    const own = await exportAs('cardstock');
    expect(own.split('\n')[0]).toBe(`${header},Signed,Altered,Kind,Category,UPC,Location`);
    expect(own).toContain(',de,false,false,single,,,\n');
    const moxfield = await exportAs('moxfield');
    expect(moxfield).toContain(',German,');
    expect(moxfield).toContain(',Chinese,');
    for (const text of [own, moxfield]) {
      const b = await buildShop(server);
      expect((await uploadCsv(server, b, text)).body).toMatchObject({ imported: true, refused: [] });
      expect(await inventoryRows(server, b)).toEqual(rows);
    }
  });
});
