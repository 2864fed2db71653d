import { messages, type RegisterLookupResponse } from '@cardstock/contract';
import type { FixtureCard } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { uploadCsv } from '../../../test/csv-import.ts';
import { addMember, catalog, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { CARDSTOCK_CSV_HEADER } from '../inventory/csv-formats.ts';

const said = messages.registerServer;
/** Real barcodes: a UPC-A, the same as an EAN-13 (a leading 0), another EAN-13, an EAN-8. */
const UPC = '036000291452';
const UPC_AS_EAN13 = '0036000291452';
const EAN13 = '4006381333931';
const EAN8 = '96385074';

/**
 * Scanned codes at the register (issue 44): a sealed product's UPC/EAN, a card's set code and collector number, a
 * Scryfall id; looked up (`registerLookup`) and sold (`{ code, quantity? }` lines of a sale), resolved in the sale's
 * transaction; and the sealed products' UPC/EAN itself (unique in a shop, in and out of the CSV).
 */
describe(`scanned codes at the register (${testEngine})`, () => {
  let server: TestServer;
  let cards: FixtureCard[];
  let nextCard = 0;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '1000' });
    // Printings that come in nonfoil and foil, one per set and number.
    const seen = new Set<string>();
    cards = [];
    for (const card of await catalog(server, 400)) {
      const key = `${card.set} ${card.collector_number}`;
      if (card.finishes.includes('nonfoil') && card.finishes.includes('foil') && !seen.has(key)) {
        seen.add(key);
        cards.push(card);
      }
    }
  });
  afterAll(() => server.close());

  const freshCard = () => cards[nextCard++]!;
  /** `copies` of a printing in one finish, condition and language, at `price` dollars each. */
  async function stock(
    owner: Api,
    card: FixtureCard,
    copies: number,
    price: number,
    row: { foil?: boolean; quality?: 'NM' | 'LP' | 'MP'; language?: 'en' | 'ja'; signed?: boolean } = {},
  ) {
    bodyOf(await owner.call('inventoryAdd', { scryfall_id: card.id, quantity: copies, asking_price: price, ...row }));
  }
  const sealed = async (owner: Api, name: string, quantity: number, upc?: string | null, price = 100) =>
    bodyOf(
      await owner.call('sealedAdd', {
        name,
        category: 'Booster Box',
        set_code: '',
        price,
        quantity,
        ...(upc === undefined ? {} : { upc }),
      }),
    ).item;
  const lookup = (who: Api, code: string) => who.call('registerLookup', { code });
  const found = async (who: Api, code: string): Promise<RegisterLookupResponse> => bodyOf(await lookup(who, code));
  const setNumber = (card: FixtureCard) => `${card.set.toUpperCase()} ${card.collector_number}`;
  const rowsOf = async (owner: Api, card: FixtureCard) =>
    bodyOf(await owner.call('search', { q: '*' }))
      .data.hits.filter((h) => h.scryfallId === card.id && h.quantity > 0)
      .map((h) => `${h.finish} ${h.quality} ${h.language} ${h.quantity}${h.signed ? ' signed' : ''}`)
      .sort();
  const salesOf = (shop: Shop) =>
    server.ctx.db.selectFrom('sales').select('id').where('shop_id', '=', shop.id).execute();

  it('looks up a printing by set and number (any case, any spaces) or Scryfall id: the shop’s rows with copies, best first', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = freshCard();
    await stock(owner, card, 2, 3, { quality: 'LP' });
    await stock(owner, card, 1, 5);
    await stock(owner, card, 1, 9, { foil: true });
    // A row with none left is no match.
    await stock(owner, card, 1, 1, { quality: 'MP' });
    bodyOf(await owner.call('inventoryEdit', { scryfall_id: card.id, finish: 'nonfoil', quality: 'MP', quantity: 0 }));

    const [set, number] = [card.set, card.collector_number];
    for (const code of [setNumber(card), `${set} ${number}`, `  ${set.toUpperCase()}    ${number} `]) {
      const answer = await found(owner, code);
      expect(answer, code).toMatchObject({ code: code.trim(), kind: 'single', name: card.name, scryfall_id: card.id });
      if (answer.kind !== 'single') throw new Error('a printing');
      expect(answer.set_code).toBe(set);
      expect(answer.collector_number).toBe(number);
      // The shop search's hits, so the screen adds that exact row: nonfoil NM, nonfoil LP, then foil.
      expect(answer.matches.map((m) => [m.finish, m.quality, m.quantity, m.price])).toEqual([
        ['nonfoil', 'NM', 1, 5],
        ['nonfoil', 'LP', 2, 3],
        ['foil', 'NM', 1, 9],
      ]);
      const hits = bodyOf(await owner.call('search', { q: '*' })).data.hits;
      expect(answer.matches).toEqual(
        answer.matches.map((m) => hits.find((h) => h.id === m.id)).filter((h) => h !== undefined),
      );
    }
    const byId = await found(owner, card.id.toUpperCase());
    expect(byId).toMatchObject({ kind: 'single', scryfall_id: card.id });
    expect(byId.matches).toHaveLength(3);

    // A printing the shop has none of: known, nothing in stock (the screen says "none in stock").
    const other = freshCard();
    expect(await found(owner, setNumber(other))).toMatchObject({ kind: 'single', name: other.name, matches: [] });
    // Another shop's stock is not this shop's.
    expect((await found(api(server, await buildShop(server)), setNumber(card))).matches).toEqual([]);
  });

  it('looks up a sealed product by its UPC/EAN in any form, and says an unknown code is unknown', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const box = await sealed(owner, 'Play Booster Box', 3, UPC);
    expect(box.upc).toBe(UPC);
    for (const code of [UPC, UPC_AS_EAN13, '0 36000 29145 2'])
      expect(await found(owner, code), code).toEqual({
        code,
        kind: 'sealed',
        name: 'Play Booster Box',
        matches: [box],
      });
    const gone = await sealed(owner, 'Sold Out Bundle', 0, EAN8);
    expect(await found(owner, EAN8)).toMatchObject({ kind: 'sealed', name: gone.name, matches: [] });

    // A real barcode the shop has not given a product, a wrong check digit, a set with no such number, an id no card
    // has, words: 404 UNKNOWN_CODE, saying the code.
    for (const code of [EAN13, '036000291453', 'MH3 99999', '00000000-1111-2222-3333-444444444444', 'Bolt']) {
      const res = await lookup(owner, code);
      expectError(res, 404);
      expect(res.body).toMatchObject({ code: 'UNKNOWN_CODE', message: said.unknownCode(code) });
    }
    expect(said.unknownCode('MH3 99999')).toBe('No card or sealed product matches “MH3 99999”.');
    // Another shop's product is not this shop's.
    expectError(await lookup(api(server, await buildShop(server)), UPC), 404);
    // An Employee rings up sales, so looks codes up too.
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    expect((await found(employee, UPC)).matches).toHaveLength(1);
  });

  it('sells by set and number and by UPC: the right stock, best condition first, quantity 1 when left out', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = freshCard();
    await stock(owner, card, 1, 4);
    await stock(owner, card, 3, 2, { quality: 'LP' });
    // Signed copies are chosen on the screen: a scan sells the plain ones.
    await stock(owner, card, 2, 50, { signed: true });
    await sealed(owner, 'Collector Box', 2, EAN13, 250);

    const res = await owner.call(
      'registerSale',
      {
        items: [{ code: setNumber(card).toLowerCase(), quantity: 2 }, { code: EAN13 }],
        tenders: [{ kind: 'card', amount: 256 }],
      },
      { headers: { 'Idempotency-Key': 'codes-1' } },
    );
    const sale = bodyOf(res);
    expect(sale).toMatchObject({ subtotal: 256, total: 256, paid: 256 });
    expect(sale.lines.map((l) => [l.kind, l.name, l.finish, l.quality, l.quantity, l.unit_price])).toEqual([
      ['single', card.name, 'nonfoil', 'NM', 1, 4],
      ['single', card.name, 'nonfoil', 'LP', 1, 2],
      ['sealed', 'Collector Box', 'nonfoil', 'NM', 1, 250],
    ]);
    expect(await rowsOf(owner, card)).toEqual(['nonfoil LP en 2', 'nonfoil NM en 2 signed']);
    expect(bodyOf(await owner.call('sealedList', {})).sealed).toEqual([
      expect.objectContaining({ name: 'Collector Box', quantity: 1, upc: EAN13 }),
    ]);

    // The same key and body again: the first sale, nothing taken twice. The key hashes the code as sent.
    const again = bodyOf(
      await owner.call(
        'registerSale',
        {
          items: [{ code: setNumber(card).toLowerCase(), quantity: 2 }, { code: EAN13 }],
          tenders: [{ kind: 'card', amount: 256 }],
        },
        { headers: { 'Idempotency-Key': 'codes-1' } },
      ),
    );
    expect(again.sale_number).toBe(sale.sale_number);
    expect(await rowsOf(owner, card)).toEqual(['nonfoil LP en 2', 'nonfoil NM en 2 signed']);
    // The same key with what the code resolved to is another body.
    const other = await owner.call(
      'registerSale',
      {
        items: [{ scryfall_id: card.id, quantity: 2 }, { code: EAN13 }],
        tenders: [{ kind: 'card', amount: 256 }],
      },
      { headers: { 'Idempotency-Key': 'codes-1' } },
    );
    expectError(other, 422);
    expect(other.body.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await salesOf(shop)).toHaveLength(1);

    // A Scryfall id scans too; a printing sold out is refused as any sold-out line, nothing changed.
    bodyOf(
      await owner.call('registerSale', {
        items: [{ code: card.id, quantity: 2 }],
        tenders: [{ kind: 'card', amount: 4 }],
      }),
    );
    expect(await rowsOf(owner, card)).toEqual(['nonfoil NM en 2 signed']);
    const out = await owner.call('registerSale', {
      items: [{ code: setNumber(card) }],
      tenders: [{ kind: 'card', amount: 2 }],
    });
    expectError(out, 409);
    expect(out.body.code).toBe('AMBIGUOUS_CODE');
    expect(out.body.message).toBe(said.ambiguousCode(setNumber(card), 'signed or altered copies only'));
    expect(await salesOf(shop)).toHaveLength(2);
  });

  it('finds and sells the one row a label names (issue 41): its own condition and flags, never another shop’s row', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = freshCard();
    await stock(owner, card, 2, 4);
    await stock(owner, card, 3, 2, { quality: 'LP' });
    await stock(owner, card, 1, 50, { signed: true });
    const rows = bodyOf(
      await owner.call('inventoryList', { Authorization: shop.token, page: '1', filter: '' }),
    ).inventory;
    const lp = rows.find((r) => r.inv_quality === 'LP')!;
    const signed = rows.find((r) => r.inv_signed)!;
    expect(new Set(rows.map((r) => r.label_code)).size).toBe(3);
    expect(lp.label_code).toMatch(/^CS[0-9A-Z]{2,8}$/);

    // A label is one row: the LP copies, not the best condition a set and number would give.
    const looked = await found(owner, lp.label_code.toLowerCase());
    expect(looked).toMatchObject({ kind: 'single', scryfall_id: card.id, name: card.name });
    expect(looked.matches.map((m) => ('quality' in m ? [m.id, m.quality, m.quantity] : []))).toEqual([
      [lp.inv_pkey, 'LP', 3],
    ]);
    // Edits and sales leave the label as it was.
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: card.id,
        finish: 'nonfoil',
        quality: 'LP',
        quantity: 4,
        location: 'Binder 7',
      }),
    );
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [{ code: signed.label_code }, { code: lp.label_code, quantity: 2 }],
        tenders: [{ kind: 'card', amount: 54 }],
      }),
    );
    expect(sale.lines.map((l) => [l.quality, l.quantity, l.unit_price]).sort()).toEqual([
      ['LP', 2, 2],
      ['NM', 1, 50],
    ]);
    expect(await rowsOf(owner, card)).toEqual(['nonfoil LP en 2', 'nonfoil NM en 2']);
    const after = bodyOf(
      await owner.call('inventoryList', { Authorization: shop.token, page: '1', filter: '' }),
    ).inventory;
    expect(after.find((r) => r.inv_pkey === lp.inv_pkey)!.label_code).toBe(lp.label_code);

    // Another shop's label, or a typo in one, names nothing here.
    const other = api(server, await buildShop(server));
    const theirs = await lookup(other, lp.label_code);
    expectError(theirs, 404);
    expect(theirs.body.code).toBe('UNKNOWN_CODE');
    const typo = `${lp.label_code.slice(0, -1)}${lp.label_code.endsWith('Z') ? 'Y' : 'Z'}`;
    expect((await lookup(owner, typo)).status).toBe(404);
  });

  it('refuses a code in stock in several finishes or languages, and an unknown code, naming the line; nothing changes', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const [card, other] = [freshCard(), freshCard()];
    await stock(owner, card, 2, 1);
    await stock(owner, card, 1, 3, { foil: true });
    await stock(owner, other, 2, 1);
    await stock(owner, other, 2, 1, { language: 'ja' });
    await sealed(owner, 'Box', 2, UPC);
    const before = [await rowsOf(owner, card), await rowsOf(owner, other)];

    const sell = (items: ({ code: string; quantity?: number } | { sealed_id: number; quantity: number })[]) =>
      owner.call('registerSale', { items, tenders: [{ kind: 'card', amount: 100 }] });
    const code = setNumber(card);
    const res = await sell([{ code: UPC }, { code }]);
    expectError(res, 409);
    const sentence = said.ambiguousCode(code, 'nonfoil and foil');
    expect(sentence).toBe(`${code} is in stock as nonfoil and foil: choose one on the screen.`);
    expect(res.body).toMatchObject({
      code: 'AMBIGUOUS_CODE',
      message: sentence,
      errors: [{ field: 'items.1', message: sentence }],
    });
    const languages = await sell([{ code: setNumber(other) }]);
    expectError(languages, 409);
    expect(languages.body.message).toBe(said.ambiguousCode(setNumber(other), 'English and Japanese'));

    const unknown = await sell([{ code: UPC }, { code: 'ZZZ 1' }]);
    expectError(unknown, 404);
    expect(unknown.body).toMatchObject({
      code: 'UNKNOWN_CODE',
      message: said.unknownCode('ZZZ 1'),
      errors: [{ field: 'items.1', message: said.unknownCode('ZZZ 1') }],
    });
    // A bad line is told by its own field.
    const zero = await sell([{ code: UPC, quantity: 0 }]);
    expectError(zero, 400);
    expect(zero.body.message).toBe('quantity must be at least 1.');

    expect([await rowsOf(owner, card), await rowsOf(owner, other)]).toEqual(before);
    expect(bodyOf(await owner.call('sealedList', {})).sealed[0]!.quantity).toBe(2);
    expect(await salesOf(shop)).toEqual([]);
  });

  it('keeps one product per UPC/EAN in a shop: a duplicate in any form is 409 naming the product; edit sets, clears or keeps it', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const box = await sealed(owner, 'Play Booster Box', 1, '0 36000 29145 2');
    expect(box.upc).toBe(UPC);
    for (const upc of [UPC, UPC_AS_EAN13]) {
      const twin = await owner.call('sealedAdd', {
        name: 'Bundle',
        category: 'Bundle',
        set_code: '',
        price: 50,
        quantity: 1,
        upc,
      });
      expectError(twin, 409);
      expect(twin.body.message).toBe(messages.sealed.upcDuplicate('Play Booster Box'));
    }
    expect(messages.sealed.upcDuplicate('Play Booster Box')).toBe('Play Booster Box already has this UPC / EAN.');
    const bundle = await sealed(owner, 'Bundle', 1);
    expect(bundle.upc).toBeNull();
    const edit = (upc?: string | null, id = bundle.id) =>
      owner.call('sealedEdit', {
        id,
        name: id === box.id ? box.name : 'Bundle',
        category: id === box.id ? 'Booster Box' : 'Booster Box',
        set_code: '',
        price: 100,
        quantity: 1,
        ...(upc === undefined ? {} : { upc }),
      });
    const taken = await edit(UPC_AS_EAN13);
    expectError(taken, 409);
    expect(taken.body.message).toBe(messages.sealed.upcDuplicate('Play Booster Box'));
    // A wrong check digit is refused with the rule.
    const wrong = await edit('036000291453');
    expectError(wrong, 400);
    expect(wrong.body.message).toBe(messages.sealed.upcInvalid);
    expect(bodyOf(await edit(EAN13)).item.upc).toBe(EAN13);
    // Left out: kept. Adding more of the product without a code keeps its code too.
    expect(bodyOf(await edit()).item.upc).toBe(EAN13);
    expect((await sealed(owner, 'Bundle', 1)).upc).toBe(EAN13);
    // "" or null clears it, and the code is free again.
    expect(bodyOf(await edit('')).item.upc).toBeNull();
    expect(bodyOf(await edit(EAN13)).item.upc).toBe(EAN13);
    expect(bodyOf(await edit(null)).item.upc).toBeNull();
    // The product keeps its own code when saved with it; another shop may use the same code.
    expect(bodyOf(await edit(UPC, box.id)).item.upc).toBe(UPC);
    expect((await sealed(api(server, await buildShop(server)), 'Play Booster Box', 1, UPC)).upc).toBe(UPC);
  });

  it('carries the UPC through the Cardstock CSV: exported, imported (UPC, EAN or Barcode), a bad or taken code refused', async () => {
    const a = await buildShop(server);
    const owner = api(server, a);
    await sealed(owner, 'Play Booster Box', 2, UPC, 150);
    await sealed(owner, 'Gift Bundle', 1, null, 60);
    const res = await fetch(`${server.url}/api/shop/inventory/export/csv`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ auth_token: a.token }),
    });
    const csv = await res.text();
    const [head, ...rows] = csv.trim().split(/\r?\n/);
    expect(head).toBe(CARDSTOCK_CSV_HEADER.join(','));
    expect(head!.endsWith(',Category,UPC,Location')).toBe(true);
    expect(rows.sort()).toEqual([
      'Gift Bundle,,,,,,1,60.00,,,,sealed,Booster Box,,',
      `Play Booster Box,,,,,,2,150.00,,,,sealed,Booster Box,${UPC},`,
    ]);

    const b = await buildShop(server);
    const back = await uploadCsv(server, b, csv);
    expect(back.body).toMatchObject({ imported: true, refused: [] });
    const listOf = async (shop: Shop) =>
      bodyOf(await api(server, shop).call('sealedList', {}))
        .sealed.map((s) => [s.name, s.quantity, s.upc])
        .sort();
    expect(await listOf(b)).toEqual([
      ['Gift Bundle', 1, null],
      ['Play Booster Box', 2, UPC],
    ]);
    expect((await found(api(server, b), UPC)).name).toBe('Play Booster Box');

    // A spreadsheet's EAN column is the same column: it gives the bundle its code.
    const ean = [...CARDSTOCK_CSV_HEADER.slice(0, -1), 'EAN'].join(',');
    const withEan = await uploadCsv(server, b, `${ean}\nGift Bundle,,,,,,1,,,,,sealed,Booster Box,${EAN13}\n`);
    expect(withEan.body).toMatchObject({ imported: true, refused: [] });
    expect(await listOf(b)).toEqual([
      ['Gift Bundle', 2, EAN13],
      ['Play Booster Box', 2, UPC],
    ]);

    // A wrong check digit is the row's problem, as any bad cell is.
    const header = CARDSTOCK_CSV_HEADER.join(',');
    const bad = await uploadCsv(server, b, `${header}\nNew Box,,,,,,1,5,,,,sealed,Booster Box,036000291453\n`);
    expect(bad.body.refused).toEqual([
      expect.objectContaining({ line: 2, reason: expect.stringContaining(messages.sealed.upcInvalid) }),
    ]);
    // Another product's code refuses the import, naming the product; nothing written.
    const taken = await uploadCsv(server, b, `${header}\nNew Box,,,,,,1,5,,,,sealed,Booster Box,${UPC_AS_EAN13}\n`);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(messages.sealed.upcDuplicate('Play Booster Box'));
    expect(await listOf(b)).toHaveLength(2);
  });

  it('two imports giving one code to two products at once: one is taken, the other refused 409, never a 500', async () => {
    const shop = await buildShop(server);
    const header = CARDSTOCK_CSV_HEADER.join(',');
    const code = '4006381333931';
    const answers = await Promise.all(
      ['Race Box A', 'Race Box B', 'Race Box C'].map((name) =>
        uploadCsv(server, shop, `${header}\n${name},,,,,,1,5,,,,sealed,Booster Box,${code}\n`),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toMatch(/already has this UPC \/ EAN\./);
    const products = bodyOf(await api(server, shop).call('sealedList', {})).sealed;
    expect(products.map((p) => p.upc)).toEqual([code]);
  });
});
