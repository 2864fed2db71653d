import { channelMessages, qualities } from '@cardstock/contract';
import type { FixtureCard } from '@cardstock/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardTraderFake, type CardTraderFake } from '../../../test/cardtrader-fake.ts';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { namedNonfoilCards, shop as buildShop, stockAtPrice, type Shop } from '../../../test/factories.ts';
import { uploadCsv } from '../../../test/csv-import.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail } from '../../../test/smtp.ts';

const said = channelMessages;

/**
 * Listing a shop's stock on CardTrader (issue 42, decision 042) over real HTTP, against a local stand-in of
 * CardTrader's API: what is listed and how, only the difference sent again, a push whose answer was lost finished
 * by the next without making anything twice, products listed by hand left alone, a revoked token pausing the channel.
 */
describe(`marketplace channels: pushing listings to CardTrader (${testEngine})`, () => {
  let server: TestServer;
  let cardTrader: CardTraderFake;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** Cards of the sets CardTrader has, each its blueprint's id; cards of a set it does not have. */
  let known: FixtureCard[];
  let unknownCards: FixtureCard[];
  const blueprintOf = new Map<string, number>();
  let nextCard = 0;
  let tokens = 0;

  beforeAll(async () => {
    cardTrader = await startCardTraderFake();
    smtp = await startSmtpServer();
    server = await startServer({
      CARDTRADER_API_URL: cardTrader.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://cardstock.test',
    });
    const cards = await namedNonfoilCards(server, 200);
    const missing = cards.at(-1)!.set;
    known = cards.filter((c) => c.set !== missing);
    unknownCards = cards.filter((c) => c.set === missing);
    const sets = [...new Set(known.map((c) => c.set))];
    known.forEach((card, i) => blueprintOf.set(card.id, 500 + i));
    cardTrader.catalog(
      sets.map((code, i) => ({
        id: i + 1,
        code,
        name: `Set ${code}`,
        blueprints: known
          .filter((c) => c.set === code)
          .map((c) => ({
            id: blueprintOf.get(c.id)!,
            scryfall_id: c.id,
            conditions: ['Near Mint', 'Slightly Played', 'Moderately Played', 'Played', 'Heavily Played', 'Poor'],
            languages: ['en', 'jp'],
          })),
      })),
    );
  });
  afterAll(async () => {
    await server.close();
    await cardTrader.close();
    await smtp.close();
  });

  /**
   * A shop connected to its own CardTrader account (90 % of its prices, one copy of each row kept), and three cards
   * for its stock: `listed` and `kept` have CardTrader blueprints, `unknown` is of a set CardTrader does not have.
   */
  async function connectedShop() {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const token = `ct-push-${++tokens}-${'y'.repeat(32)}`;
    cardTrader.issue(token, { name: `Push ${tokens} App`, userId: tokens });
    const [listed, kept] = [known[nextCard++]!, known[nextCard++]!];
    const unknown = unknownCards[tokens % unknownCards.length]!;
    bodyOf(await owner.call('channelCardTrader', { api_token: token, enabled: true, price_percent: 90, keep: 1 }));
    return { shop, owner, token, listed, kept, unknown };
  }
  const copies = (owner: Api, card: FixtureCard, quantity: number, price: number) =>
    owner.call('inventoryEdit', {
      scryfall_id: card.id,
      finish: 'nonfoil',
      quality: 'NM',
      quantity,
      asking_price: price,
    });
  const sync = (owner: Api) => owner.call('channelSync', { channel: 'cardtrader' });
  const postsSince = (from: number) =>
    cardTrader.requests
      .slice(from)
      .filter((r) => r.method === 'POST')
      .map((r) => r.path);

  it('lists each row’s spare copies at the rule’s price, and says why the rest are not listed', async () => {
    const { shop, owner, token, listed, kept, unknown } = await connectedShop();
    await stockAtPrice(server, shop, listed, 3, 10);
    await stockAtPrice(server, shop, kept, 1, 4);
    await stockAtPrice(server, shop, unknown, 2, 2);
    const first = bodyOf(await sync(owner));
    expect(first).toMatchObject({ created: 1, updated: 0, removed: 0, refused: 0 });
    expect(first.message).toBe(said.server.synced('CardTrader', 1, 0, 0));
    expect(cardTrader.products(token)).toEqual([
      {
        id: expect.any(Number),
        blueprint_id: blueprintOf.get(listed.id),
        quantity: 2,
        price_cents: 900,
        price_currency: 'USD',
        properties_hash: { condition: 'Near Mint', mtg_language: 'en', mtg_foil: false, signed: false, altered: false },
        user_data_field: expect.stringMatching(/^cardstock:\w+$/),
      },
    ]);
    expect(first.channel).toMatchObject({
      listed_rows: 1,
      listed_copies: 2,
      last_push_at: expect.any(String),
      unlisted: [
        { reason: said.unlisted.kept, rows: 1 },
        { reason: said.unlisted.noPrinting('CardTrader'), rows: 1 },
      ],
    });
    expect(bodyOf(await owner.call('channels')).channels[0]).toEqual(first.channel);

    // Nothing changed: nothing is sent.
    const before = cardTrader.requests.length;
    const again = bodyOf(await sync(owner));
    expect(again).toMatchObject({
      created: 0,
      updated: 0,
      removed: 0,
      message: said.server.synced('CardTrader', 0, 0, 0),
    });
    expect(postsSince(before)).toEqual([]);

    // More copies and a new price: that product changes, in one bulk call.
    bodyOf(await copies(owner, listed, 5, 12));
    const changed = bodyOf(await sync(owner));
    expect(changed).toMatchObject({ created: 0, updated: 1, removed: 0 });
    expect(cardTrader.products(token).map((p) => [p.quantity, p.price_cents])).toEqual([[4, 1080]]);

    // Sold out: taken down.
    bodyOf(await copies(owner, listed, 0, 12));
    const gone = bodyOf(await sync(owner));
    expect(gone).toMatchObject({ created: 0, updated: 0, removed: 1 });
    expect(cardTrader.products(token)).toEqual([]);
    expect(gone.channel).toMatchObject({ listed_rows: 0, listed_copies: 0 });
  });

  it('finishes a push whose answer was lost without making anything twice, and leaves products listed by hand alone', async () => {
    const { shop, owner, token, listed, kept } = await connectedShop();
    const byHand = cardTrader.listByHand(token, {
      blueprint_id: 999_999,
      quantity: 7,
      price_cents: 123,
      properties_hash: { condition: 'Near Mint' },
      user_data_field: 'shelf 4',
    });
    await stockAtPrice(server, shop, listed, 3, 10);
    await stockAtPrice(server, shop, kept, 4, 5);
    // CardTrader makes the products, but its answer never arrives (a dropped connection, a server killed meanwhile).
    cardTrader.loseAnswer('/products/bulk_create', 502);
    const lost = await sync(owner);
    expectError(lost, 503);
    expect(lost.body.message).toBe(said.server.syncUnavailable('CardTrader'));
    expect(cardTrader.products(token)).toHaveLength(3);

    // The next push reads CardTrader's products back first: the two it made are recognised by their tags.
    const before = cardTrader.requests.length;
    const next = bodyOf(await sync(owner));
    expect(next).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect(cardTrader.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /orders',
      'GET /products/export',
    ]);
    const products = cardTrader.products(token);
    expect(products.map((p) => p.quantity).sort()).toEqual([2, 3, 7]);
    expect(products.find((p) => p.id === byHand.id)).toEqual(byHand);
    expect(next.channel).toMatchObject({ listed_rows: 2, listed_copies: 5 });
  });

  it('makes a product again when CardTrader refuses a change because it is gone (sold out there, taken down by hand)', async () => {
    const { shop, owner, token, listed } = await connectedShop();
    await stockAtPrice(server, shop, listed, 3, 10);
    bodyOf(await sync(owner));
    cardTrader.takeDown(
      token,
      cardTrader.products(token).map((p) => p.id),
    );
    bodyOf(await copies(owner, listed, 4, 10));
    const refused = bodyOf(await sync(owner));
    expect(refused).toMatchObject({ updated: 0, refused: 1 });
    expect(refused.channel.unlisted).toContainEqual({
      reason: 'CardTrader refused it: id: Product not found',
      rows: 1,
    });
    // The next push asks CardTrader what it has, finds the product gone, and lists the copies anew.
    const again = bodyOf(await sync(owner));
    expect(again).toMatchObject({ created: 1, refused: 0, channel: { listed_copies: 3 } });
    expect(cardTrader.products(token).map((p) => p.quantity)).toEqual([3]);
  });

  it('pauses the channel when CardTrader refuses its token, and says so on the channel', async () => {
    const { shop, owner, token, listed } = await connectedShop();
    await stockAtPrice(server, shop, listed, 3, 10);
    cardTrader.revoke(token);
    const refused = await sync(owner);
    expectError(refused, 409);
    const why = said.server.revoked(
      'CardTrader',
      'CardTrader refused the API token: You are not authorized to access this page',
    );
    expect(refused.body.message).toBe(why);
    expect(bodyOf(await owner.call('channels')).channels[0]).toMatchObject({
      enabled: false,
      connected: false,
      problems: [why],
    });
    // The Owner hears of it by mail, once.
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(shop.email));
    expect(mail.raw).toContain(`Subject: ${said.revokedMail.subject('CardTrader')}`);
    const text = decodedMail(mail);
    expect(text).toContain('You are not authorized to access this page');
    expect(text).toContain('https://cardstock.test/channels');
    expect(text).not.toContain(token);
    // Paused, it syncs no more until it is turned on again with a token CardTrader accepts.
    const paused = await sync(owner);
    expectError(paused, 409);
    expect(paused.body.message).toBe(said.server.paused('CardTrader'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => m.to.includes(shop.email))).toHaveLength(1);
  });

  it('runs one push of a channel at a time', async () => {
    const { shop, owner, listed } = await connectedShop();
    await stockAtPrice(server, shop, listed, 3, 10);
    await leaseHeld(shop, new Date(Date.now() + 60_000).toISOString());
    const busy = await sync(owner);
    expectError(busy, 409);
    expect(busy.body.message).toBe(said.server.busy('CardTrader'));
    // A lease run out (its server died mid-push) is taken over.
    await leaseHeld(shop, new Date(Date.now() - 1000).toISOString());
    expect(bodyOf(await sync(owner))).toMatchObject({ created: 1 });
  });

  it('waits for CardTrader’s bulk jobs to finish before it records them', async () => {
    cardTrader.jobsRunAWhile();
    const { shop, owner, token, listed } = await connectedShop();
    await stockAtPrice(server, shop, listed, 3, 10);
    expect(bodyOf(await sync(owner))).toMatchObject({ created: 1, channel: { listed_copies: 2 } });
    expect(cardTrader.products(token)).toHaveLength(1);
    const polls = cardTrader.requests.filter(
      (r) => r.path.startsWith('/jobs/') && r.authorization === `Bearer ${token}`,
    );
    expect(polls.length).toBe(2);
  });

  it('keeps a shop of more listings than a page of what was sent: each change sent once, nothing made twice', async () => {
    const { shop, owner, token } = await connectedShop();
    // Every known printing in five conditions and two languages, 2 to 4 copies (one kept): well over 1,000 listings,
    // so what was sent is read back in more than one page while changes are written.
    const lines = known.flatMap((card, i) =>
      qualities.flatMap((quality, q) =>
        ['en', 'ja'].map((language) => ({ card, quality, language, quantity: 2 + ((i + q) % 3) })),
      ),
    );
    const csv = [
      'Name,Set Code,Collector Number,Scryfall ID,Finish,Condition,Quantity,Price,Language',
      ...lines.map((l) => `"${l.card.name}",,,${l.card.id},nonfoil,${l.quality},${l.quantity},10.00,${l.language}`),
    ].join('\n');
    expect((await uploadCsv(server, shop, csv)).body).toMatchObject({ imported: true, refused: [] });
    expect(lines.length).toBeGreaterThan(1500);
    expect(bodyOf(await sync(owner))).toMatchObject({ created: lines.length, refused: 0 });
    const tagOf = (p: { user_data_field: string }) => p.user_data_field;
    const first = new Map(cardTrader.products(token).map((p) => [tagOf(p), p]));
    expect(first.size).toBe(lines.length);

    // English rows spread over the shop: every 7th sold out (taken down), every 5th (the rest) one more copy.
    const english = lines.filter((l) => l.language === 'en');
    const soldOut = english.filter((_, i) => i % 7 === 0);
    const more = english.filter((_, i) => i % 7 !== 0 && i % 5 === 0);
    for (const l of [...soldOut, ...more])
      bodyOf(
        await owner.call('inventoryEdit', {
          scryfall_id: l.card.id,
          finish: 'nonfoil',
          quality: l.quality,
          quantity: soldOut.includes(l) ? 0 : l.quantity + 1,
        }),
      );
    const changed = bodyOf(await sync(owner));
    expect(changed).toMatchObject({ created: 0, updated: more.length, removed: soldOut.length, refused: 0 });
    const products = cardTrader.products(token);
    expect(products).toHaveLength(lines.length - soldOut.length);
    // Each product is the one made first (none made again), with the copies its row now spares.
    const copiesListed = products.reduce((n, p) => n + p.quantity, 0);
    const expected = lines.reduce(
      (n, l) => n + (soldOut.includes(l) ? 0 : l.quantity - 1 + (more.includes(l) ? 1 : 0)),
      0,
    );
    expect(copiesListed).toBe(expected);
    for (const p of products) expect(first.get(tagOf(p))?.id).toBe(p.id);
    // And nothing left to send.
    expect(bodyOf(await sync(owner))).toMatchObject({ created: 0, updated: 0, removed: 0 });
  });

  const leaseHeld = (shop: Shop, until: string) =>
    server.ctx.db.updateTable('shop_channels').set({ lease_until: until }).where('shop_id', '=', shop.id).execute();
});

describe(`marketplace channels: the interval's pushes (${testEngine})`, () => {
  let server: TestServer;
  let cardTrader: CardTraderFake;

  beforeAll(async () => {
    cardTrader = await startCardTraderFake();
    server = await startServer({ CARDTRADER_API_URL: cardTrader.url, CHANNEL_SYNC_SECONDS: '1' });
  });
  afterAll(async () => {
    await server.close();
    await cardTrader.close();
  });

  /** Waits (up to 10 s) until `check` holds of the account's products. */
  async function until(token: string, check: (products: ReturnType<CardTraderFake['products']>) => boolean) {
    const end = Date.now() + 10_000;
    while (!check(cardTrader.products(token))) {
      if (Date.now() > end)
        expect.fail(`CardTrader's products never matched: ${JSON.stringify(cardTrader.products(token))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('lists a change of stock and takes a sale on its own within the interval, and sends nothing while nothing changes', async () => {
    const [card] = await namedNonfoilCards(server, 20);
    cardTrader.catalog([
      { id: 1, code: card!.set, name: 'Set', blueprints: [{ id: 42, scryfall_id: card!.id, languages: ['en'] }] },
    ]);
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const token = `ct-interval-${'z'.repeat(32)}`;
    cardTrader.issue(token, { name: 'Interval App', userId: 1 });
    await stockAtPrice(server, shop, card!, 3, 10);
    bodyOf(await owner.call('channelCardTrader', { api_token: token, enabled: true, price_percent: 100, keep: 0 }));
    await until(token, (products) => products.length === 1 && products[0]!.quantity === 3);

    // A sale at the counter (here: the stock edited down) reaches CardTrader by the next round.
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: card!.id,
        finish: 'nonfoil',
        quality: 'NM',
        quantity: 1,
        asking_price: 10,
      }),
    );
    await until(token, (products) => products[0]?.quantity === 1);
    // …and that round has recorded CardTrader's answer (its job waited for) before the quiet rounds are watched.
    const end = Date.now() + 10_000;
    while (bodyOf(await owner.call('channels')).channels[0]!.listed_copies !== 1) {
      if (Date.now() > end) expect.fail('the round never recorded its push');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Rounds with nothing changed ask CardTrader for new orders and nothing else.
    const before = cardTrader.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const asked = cardTrader.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked)).toEqual(new Set(['GET /orders']));

    // A sale on CardTrader leaves the shop's stock by the next round, on its own, and is in the history.
    cardTrader.sell(token, [{ product_id: cardTrader.products(token)[0]!.id, quantity: 1 }]);
    const sold = Date.now() + 10_000;
    while (bodyOf(await owner.call('orderHistory')).data.orders.length !== 1) {
      if (Date.now() > sold) expect.fail('the sale on CardTrader never became an order');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const left = await server.ctx.db
      .selectFrom('inventory')
      .select('quantity')
      .where('shop_id', '=', shop.id)
      .where('card_id', '=', card!.id)
      .execute();
    expect(left).toEqual([{ quantity: 0 }]);
  });
});
