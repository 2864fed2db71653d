import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelCodeOf } from '@cardstock/contract';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { catalog, member, shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';

/** Printings of the repository's card fixture the codes below name. */
const WASTES_183 = '7019912c-bd9b-4b96-9388-400794909aa1';
const WASTES_183A = '9cc070d3-4b83-4684-9caf-063e5c473a77';
const KIORA_EMBLEM = 'e45f7850-2ebb-4530-9859-f87b4e0e27be';
const DRAGONSCALE_PROMO = 'dc2d84b1-c6db-43af-ba8f-b9b90ceee1a3';
const THALLIDS = ['74a', '74b', '74c', '74d'];

/**
 * Quick add (issue 41): one scanned or typed code adds one copy with the screen's defaults; a code that names
 * several printings is a choice with its candidates, never a guess; each addition is undone once, exactly.
 */
describe(`quick add (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  let owner: Api;
  /** The shop's rows, as `name|set number|finish|quality|language|quantity|location`. */
  const rows = async (filter = '') =>
    bodyOf(await owner.call('inventoryList', { page: 1, filter }))
      .inventory.map(
        (r) =>
          `${r.card_name}|${r.card_setCode} ${r.card_collector_number}|${r.inv_finish}|${r.inv_quality}|${r.inv_language}|${r.inv_quantity}|${r.inv_location}`,
      )
      .sort();

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    await catalog(server);
    shop = await buildShop(server);
    owner = api(server, shop);
  });
  afterAll(() => server.close());

  it('adds one copy for a set code and number, in any case, with the defaults sent, and answers the row', async () => {
    const added = bodyOf(
      await owner.call('inventoryQuickAdd', { code: ' ogw   183 ', quality: 'LP', location: 'Box A-04' }),
    );
    expect(added.message).toBe('Added 1 × Wastes (OGW 183).');
    expect(added.row).toMatchObject({
      card_scryfallid: WASTES_183,
      inv_finish: 'nonfoil',
      inv_quality: 'LP',
      inv_language: 'en',
      inv_quantity: 1,
      inv_location: 'Box A-04',
    });
    expect(added.row!.label_code).toBe(labelCodeOf(added.row!.inv_pkey));
    expect(added.undo_id).toBeGreaterThan(0);
    // The same code again: the same row grows (a foil is a row of its own).
    bodyOf(await owner.call('inventoryQuickAdd', { code: 'OGW 183', quality: 'LP' }));
    bodyOf(await owner.call('inventoryQuickAdd', { code: 'OGW 183', finish: 'foil', language: 'de' }));
    expect(await rows('wastes')).toEqual(['Wastes|OGW 183|foil|NM|de|1|', 'Wastes|OGW 183|nonfoil|LP|en|2|Box A-04']);
    // The search index followed each write: the new row is found by its place at once.
    expect(await rows('loc:a-04')).toEqual(['Wastes|OGW 183|nonfoil|LP|en|2|Box A-04']);
  });

  it('tells a number with letters apart: 183a is itself, 183 alone of a set with only 74a–74d is a choice', async () => {
    const exact = bodyOf(await owner.call('inventoryQuickAdd', { code: 'OGW 183A' }));
    expect(exact.row!.card_scryfallid).toBe(WASTES_183A);

    const choice = await owner.call('inventoryQuickAdd', { code: 'FEM 74' });
    expectError(choice, 409);
    expect(choice.body.code).toBe('AMBIGUOUS_CODE');
    expect(choice.body.message).toBe('4 printings match “FEM 74”: pick one.');
    expect(choice.body.candidates!.map((c) => c.collector_number)).toEqual(THALLIDS);
    expect(choice.body.candidates![0]).toMatchObject({ name: 'Thallid', set_code: 'FEM', finishes: ['nonfoil'] });
    // "7" is not "74a": only letters and marks may follow the number typed.
    expectError(await owner.call('inventoryQuickAdd', { code: 'FEM 7' }), 404);
    // The picked candidate, sent as its Scryfall id, adds that printing.
    const picked = bodyOf(await owner.call('inventoryQuickAdd', { code: choice.body.candidates![2]!.scryfall_id }));
    expect(picked.row).toMatchObject({ card_collector_number: '74c', inv_quantity: 1 });
  });

  it('adds tokens and promos by their own set codes, and refuses a finish the printing does not have', async () => {
    expect(bodyOf(await owner.call('inventoryQuickAdd', { code: 'TBNG 11' })).row!.card_scryfallid).toBe(KIORA_EMBLEM);
    const nonfoil = await owner.call('inventoryQuickAdd', { code: 'pfrf 11s' });
    expectError(nonfoil, 400);
    expect(nonfoil.body.message).toBe('Dragonscale General (PFRF 11s) has no non-foil printing; it comes foil.');
    const foil = bodyOf(await owner.call('inventoryQuickAdd', { code: 'pfrf 11s', finish: 'foil' }));
    expect(foil.row).toMatchObject({ card_scryfallid: DRAGONSCALE_PROMO, inv_finish: 'foil' });
  });

  it('adds by a full name printed once, offers the printings of a name printed often or only begun', async () => {
    expect(bodyOf(await owner.call('inventoryQuickAdd', { code: 'llanowar elves' })).row!.card_name).toBe(
      'Llanowar Elves',
    );
    const wastes = await owner.call('inventoryQuickAdd', { code: 'Wastes' });
    expectError(wastes, 409);
    expect(wastes.body.candidates!.length).toBe(5);
    const begun = await owner.call('inventoryQuickAdd', { code: 'Lightning B' });
    expectError(begun, 409);
    expect(new Set(begun.body.candidates!.map((c) => c.name))).toEqual(new Set(['Lightning Bolt']));
    const nothing = await owner.call('inventoryQuickAdd', { code: 'XYZ 999' });
    expectError(nothing, 404);
    expect(nothing.body).toMatchObject({
      code: 'UNKNOWN_CODE',
      message:
        'Nothing matches “XYZ 999”: type a set code and number (MH3 241), a card’s full name, or scan a label or UPC.',
    });
    expectError(await owner.call('inventoryQuickAdd', { code: '   ' }), 400);
  });

  it('a label code adds to exactly its row as it is; another shop’s label names nothing', async () => {
    const row = bodyOf(
      await owner.call('inventoryAdd', {
        scryfall_id: WASTES_183,
        quantity: 1,
        foil: true,
        quality: 'HP',
        signed: true,
      }),
    );
    expect(row.message).toBeTruthy();
    const signed = bodyOf(await owner.call('inventoryList', { page: 1, filter: 'wastes' })).inventory.find(
      (r) => r.inv_signed,
    )!;
    const scanned = bodyOf(
      await owner.call('inventoryQuickAdd', { code: signed.label_code.toLowerCase(), quality: 'NM', location: 'X' }),
    );
    expect(scanned.row).toMatchObject({
      inv_pkey: signed.inv_pkey,
      inv_quantity: 2,
      inv_signed: true,
      inv_quality: 'HP',
    });
    expect(scanned.row!.inv_location).toBe('');

    const other = api(server, await buildShop(server));
    const theirs = await other.call('inventoryQuickAdd', { code: signed.label_code });
    expectError(theirs, 404);
    expect(bodyOf(await owner.call('inventoryList', { page: 1, filter: 'wastes' })).inventory).toContainEqual(
      expect.objectContaining({ inv_pkey: signed.inv_pkey, inv_quantity: 2 }),
    );
    expectError(await other.call('inventoryQuickAdd', { code: labelCodeOf(signed.inv_pkey + 1_000_000) }), 404);
  });

  it('a sealed product’s UPC or EAN adds one box', async () => {
    const box = bodyOf(
      await owner.call('sealedAdd', {
        name: 'OGW Booster Box',
        category: 'Booster Box',
        price: 99,
        quantity: 2,
        upc: '036000291452',
      }),
    ).item;
    const added = bodyOf(await owner.call('inventoryQuickAdd', { code: '0036000291452' }));
    expect(added.message).toBe('Added 1 × OGW Booster Box.');
    expect(added.sealed).toMatchObject({ id: box.id, quantity: 3 });
    expect(added.row).toBeUndefined();
    const undone = bodyOf(await owner.call('inventoryQuickAddUndo', { undo_id: added.undo_id }));
    expect(undone.sealed).toMatchObject({ id: box.id, quantity: 2 });
  });

  it('undo takes back exactly the copy added, once; not a copy sold meanwhile; audited both ways', async () => {
    const first = bodyOf(await owner.call('inventoryQuickAdd', { code: 'TBNG 11', quality: 'MP' }));
    const second = bodyOf(await owner.call('inventoryQuickAdd', { code: 'TBNG 11', quality: 'MP' }));
    expect(second.row!.inv_quantity).toBe(2);
    const undone = bodyOf(await owner.call('inventoryQuickAddUndo', { undo_id: second.undo_id }));
    expect(undone).toMatchObject({ message: 'Took 1 × Kiora, the Crashing Wave Emblem back off the stock.' });
    expect(undone.row!.inv_quantity).toBe(1);
    // Twice, or at once from two screens: one copy only.
    const [again, alsoAgain] = await Promise.all([
      owner.call('inventoryQuickAddUndo', { undo_id: second.undo_id }),
      owner.call('inventoryQuickAddUndo', { undo_id: second.undo_id }),
    ]);
    expectError(again, 409);
    expectError(alsoAgain, 409);
    expect(again.body.message).toBe('That addition was undone already.');
    expect(await rows('kiora')).toContain('Kiora, the Crashing Wave Emblem|TBNG 11|nonfoil|MP|en|1|');

    // The copy went meanwhile (sold, edited to 0): nothing to take back, and the addition stays undoable never.
    bodyOf(
      await owner.call('inventoryEdit', {
        scryfall_id: KIORA_EMBLEM,
        finish: 'nonfoil',
        quality: 'MP',
        quantity: 0,
      }),
    );
    const gone = await owner.call('inventoryQuickAddUndo', { undo_id: first.undo_id });
    expectError(gone, 409);
    expect(gone.body.message).toBe(
      'Kiora, the Crashing Wave Emblem has no copy left to take back: it was sold or edited meanwhile.',
    );
    expect(await rows('kiora')).toContain('Kiora, the Crashing Wave Emblem|TBNG 11|nonfoil|MP|en|0|');
    expectError(await owner.call('inventoryQuickAddUndo', { undo_id: 99_999_999 }), 404);

    const log = bodyOf(await owner.call('shopActivity', {})).entries;
    expect(log.filter((e) => e.action === 'inventory.quick_add_undo')).toHaveLength(1);
    expect(log.filter((e) => e.action === 'inventory.add' && e.detail?.quick === true).length).toBeGreaterThan(5);
  });

  it('Employees may quick add; Watchers may not; another shop cannot undo this shop’s addition', async () => {
    const employee = api(server, await member(server, shop, 'Employee'));
    const added = bodyOf(await employee.call('inventoryQuickAdd', { code: 'llanowar elves' }));
    const watcher = api(server, await member(server, shop, 'Watcher'));
    expectError(await watcher.call('inventoryQuickAdd', { code: 'llanowar elves' }), 403);
    expectError(await watcher.call('inventoryQuickAddUndo', { undo_id: added.undo_id }), 403);
    const other = api(server, await buildShop(server));
    expectError(await other.call('inventoryQuickAddUndo', { undo_id: added.undo_id }), 404);
    bodyOf(await employee.call('inventoryQuickAddUndo', { undo_id: added.undo_id }));
  });
});
