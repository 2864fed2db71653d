import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureCard } from '@cardstock/fixtures';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { member, pricedCard, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/**
 * Pick lists (issue 41): the lines of pending orders in the order a picker walks the shop (location, then set and
 * collector number), each with its order's number and callout.
 */
describe(`pick lists (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  let cards: FixtureCard[];
  let sealedId: number;
  const orders: { number: string; callout: number }[] = [];

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    cards = await Promise.all([0, 1, 2, 3].map((i) => pricedCard(server, i)));
    shop = await buildShop(server);
    owner = api(server, shop);
    // Binder 10 holds two printings, Binder 2 one (read as a number: before Binder 10), the fourth has no place.
    const places = ['Binder 10', 'Binder 2', 'Binder 10', null];
    for (const [i, card] of cards.entries())
      bodyOf(
        await owner.call('inventoryAdd', {
          scryfall_id: card.id,
          quantity: 5,
          ...(places[i] ? { location: places[i] } : {}),
        }),
      );
    sealedId = bodyOf(
      await owner.call('sealedAdd', {
        name: 'Play Booster Box',
        category: 'Booster Box',
        price: 100,
        quantity: 3,
        location: 'Shelf B',
      }),
    ).item.id;
    for (const items of [
      [
        { scryfall_id: cards[3]!.id, quantity: 1 },
        { scryfall_id: cards[0]!.id, quantity: 2 },
      ],
      [
        { scryfall_id: cards[2]!.id, quantity: 1 },
        { scryfall_id: cards[1]!.id, quantity: 1 },
        { sealed_id: sealedId, quantity: 1 },
        { scryfall_id: cards[0]!.id, quantity: 1 },
      ],
    ]) {
      const placed = bodyOf(await owner.call('placeOrder', { items }));
      // The callout is the order number's last part.
      orders.push({ number: placed.order_number, callout: Number(placed.order_number.split('-').at(-1)) });
    }
  });
  afterAll(() => server.close());

  /** The first cards' set and number, in reading order: which of the two Binder 10 printings comes first. */
  const inBinder10 = () =>
    [cards[0]!, cards[2]!].sort(
      (a, b) =>
        a.set.localeCompare(b.set, 'en', { numeric: true, sensitivity: 'base' }) ||
        a.collector_number.localeCompare(b.collector_number, 'en', { numeric: true, sensitivity: 'base' }),
    );

  it('lists every pending order’s lines by location (none last), then set and number, with order and callout', async () => {
    const { lines } = bodyOf(await owner.call('pickList', {}));
    const [first, second] = inBinder10();
    const [a, b] = orders as [(typeof orders)[0], (typeof orders)[0]];
    type Want = { location: string; card: FixtureCard; quantity: number; order: (typeof orders)[0] };
    const want = (location: string, card: FixtureCard, quantity: number, order: (typeof orders)[0]): Want => ({
      location,
      card,
      quantity,
      order,
    });
    const expected: Want[] = [
      want('Binder 2', cards[1]!, 1, b),
      // Two printings in Binder 10: by set and number; the two lines of one printing in the order they were placed.
      ...(first === cards[0]
        ? [want('Binder 10', cards[0]!, 2, a), want('Binder 10', cards[0]!, 1, b), want('Binder 10', second!, 1, b)]
        : [want('Binder 10', cards[2]!, 1, b), want('Binder 10', cards[0]!, 2, a), want('Binder 10', cards[0]!, 1, b)]),
      want('', cards[3]!, 1, a),
    ];
    const cardLines = lines.filter((l) => !l.sealed);
    expect(
      cardLines.map((l) => [
        l.location,
        l.card_name,
        l.set_code,
        l.collector_number,
        l.quantity,
        l.order_number,
        l.callout,
      ]),
    ).toEqual(
      expected.map(({ location, card, quantity, order }) => [
        location,
        card.name,
        card.set.toUpperCase(),
        card.collector_number,
        quantity,
        order.number,
        order.callout,
      ]),
    );
    expect(cardLines[0]).toMatchObject({ finish: 'nonfoil', quality: 'NM', language: 'en' });
    // The sealed product's line, at its shelf: after the binders ("Shelf" reads after "Binder"), before no place.
    expect(lines.map((l) => l.location)).toEqual(['Binder 2', 'Binder 10', 'Binder 10', 'Binder 10', 'Shelf B', '']);
    expect(lines[4]).toMatchObject({ card_name: 'Play Booster Box', collector_number: '', sealed: true, quantity: 1 });
  });

  it('keeps a tick on a line: the pick list and the pending order show it, once however often it is sent', async () => {
    const [a, b] = orders as [(typeof orders)[0], (typeof orders)[0]];
    const before = bodyOf(await owner.call('pickList', {})).lines;
    // Each line names its place in its order, as the order's items list it.
    expect(
      before
        .filter((l) => l.order_number === b.number)
        .map((l) => l.line)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(before.every((l) => !l.picked)).toBe(true);
    const pendingOf = async (n: string) =>
      bodyOf(await owner.call('pendingOrders', {})).data.orders.find((o) => o.order_number === n)!;
    expect((await pendingOf(b.number)).picked_lines).toBe(0);

    const sealedLine = before.find((l) => l.sealed)!;
    const mark = (line: number, picked: boolean) => owner.call('pickMark', { order_number: b.number, line, picked });
    expect(bodyOf(await mark(sealedLine.line, true))).toEqual({
      message: `Line ${sealedLine.line} of order #${b.number} picked.`,
      order_number: b.number,
      picked_lines: 1,
      lines: 4,
    });
    // Sent twice (a double tap, a retry): still one.
    expect(bodyOf(await mark(sealedLine.line, true)).picked_lines).toBe(1);
    // Ticks from two tablets at once are both counted.
    const both = await Promise.all([mark(1, true), mark(2, true)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await pendingOf(b.number)).picked_lines).toBe(3);
    const after = bodyOf(await owner.call('pickList', {})).lines.filter((l) => l.order_number === b.number);
    expect(
      after
        .filter((l) => l.picked)
        .map((l) => l.line)
        .sort(),
    ).toEqual([1, 2, sealedLine.line].sort());
    // The pending order's items are its lines in the same places: line 3 is the sealed box.
    expect((await pendingOf(b.number)).items[sealedLine.line - 1]!.kind).toBe('sealed');

    expect(bodyOf(await mark(2, false))).toMatchObject({
      picked_lines: 2,
      message: `Line 2 of order #${b.number} no longer picked.`,
    });
    // The other order is untouched.
    expect((await pendingOf(a.number)).picked_lines).toBe(0);

    const noLine = await mark(5, true);
    expectError(noLine, 404);
    expect(noLine.body.message).toBe(`Order #${b.number} has no line 5.`);
    expectError(await owner.call('pickMark', { order_number: 'NOPE-1', line: 1, picked: true }), 404);
    for (const bad of [{ line: 0 }, { line: 1.5 }, { line: '1' }, { picked: 'yes' }, { line: undefined }])
      expectError(
        await owner.call('pickMark', { order_number: b.number, line: 1, picked: true, ...bad } as never),
        400,
      );
    expect((await pendingOf(b.number)).picked_lines).toBe(2);
  });

  it('gathers only the orders named; a number the shop has no pending order under is a 404 naming it', async () => {
    const [a, b] = orders as [(typeof orders)[0], (typeof orders)[0]];
    const { lines } = bodyOf(await owner.call('pickList', { order_numbers: [a.number] }));
    expect(lines.map((l) => l.order_number)).toEqual([a.number, a.number]);
    const unknown = await owner.call('pickList', { order_numbers: [a.number, 'NOPE-1'] });
    expectError(unknown, 404);
    expect(unknown.body.message).toBe('No pending or confirmed order #NOPE-1 to pick.');
    expectError(await owner.call('pickList', { order_numbers: [] }), 400);

    // A rejected order leaves the pick; a confirmed one may still be named (a reservation awaiting pickup).
    bodyOf(await owner.call('rejectOrder', { order_number: b.number }));
    expect(bodyOf(await owner.call('pickList', {})).lines.map((l) => l.order_number)).toEqual([a.number, a.number]);
    expectError(await owner.call('pickList', { order_numbers: [b.number] }), 404);
    const closed = await owner.call('pickMark', { order_number: b.number, line: 1, picked: false });
    expectError(closed, 409);
    expect(closed.body.message).toBe(`Order #${b.number} is rejected: there is nothing left to pick for it.`);
    bodyOf(await owner.call('confirmOrder', { order_number: a.number }));
    expect(bodyOf(await owner.call('pickList', {})).lines).toEqual([]);
    expect(bodyOf(await owner.call('pickList', { order_numbers: [a.number] })).lines).toHaveLength(2);
  });

  it('is for whoever sees orders: an Employee picks, another shop sees none of these', async () => {
    const employee = await member(server, shop, 'Employee');
    expect(
      bodyOf(await api(server, employee).call('pickList', { order_numbers: [orders[0]!.number] })).lines,
    ).toHaveLength(2);
    const other = await buildShop(server);
    expectError(await api(server, other).call('pickList', { order_numbers: [orders[0]!.number] }), 404);
    expect(bodyOf(await api(server, other).call('pickList', {})).lines).toEqual([]);
    // An Employee ticks a line; another shop cannot tick this shop's order.
    expect(
      bodyOf(await api(server, employee).call('pickMark', { order_number: orders[0]!.number, line: 1, picked: true })),
    ).toMatchObject({ picked_lines: 1, lines: 2 });
    expectError(
      await api(server, other).call('pickMark', { order_number: orders[0]!.number, line: 1, picked: true }),
      404,
    );
  });
});
