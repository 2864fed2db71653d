import fs from 'node:fs';
import path from 'node:path';
import { channelMessages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCardTraderFake, type CardTraderFake } from '../../../test/cardtrader-fake.ts';
import { api, bodyOf, expectError, type Api } from '../../../test/client.ts';
import { addMember, shop as buildShop } from '../../../test/factories.ts';
import { productionEnv, startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { secretBox } from '../../lib/secret-box.ts';

const said = channelMessages.server;

/**
 * Connecting a shop's CardTrader account (issue 42) over real HTTP, against a local stand-in of CardTrader's API:
 * the token checked at once and kept sealed, never answered back; a refused or unanswered check saves nothing.
 */
describe(`marketplace channels: connecting CardTrader (${testEngine})`, () => {
  let server: TestServer;
  let cardTrader: CardTraderFake;
  let tokens = 0;

  beforeAll(async () => {
    cardTrader = await startCardTraderFake();
    server = await startServer({ CARDTRADER_API_URL: cardTrader.url });
  });
  afterAll(async () => {
    await server.close();
    await cardTrader.close();
  });

  /** A token CardTrader accepts for a new account. */
  function accountToken(name: string) {
    const token = `ct-token-${++tokens}-${'x'.repeat(40)}`;
    cardTrader.issue(token, { name, userId: tokens });
    return token;
  }
  /** Connects the shop to a new CardTrader account named `name`, turned on at 100 % of its prices, nothing kept. */
  const connect = (owner: Api, name: string) =>
    owner.call('channelCardTrader', { api_token: accountToken(name), enabled: true, price_percent: 100, keep: 0 });
  const sealedOf = async (shopId: number) =>
    (
      await server.ctx.db
        .selectFrom('shop_channels')
        .select('token_sealed')
        .where('shop_id', '=', shopId)
        .executeTakeFirst()
    )?.token_sealed;

  it('lists CardTrader unconnected and paused until the shop connects it', async () => {
    const owner = api(server, await buildShop(server));
    expect(bodyOf(await owner.call('channels')).channels).toEqual([
      {
        channel: 'cardtrader',
        enabled: false,
        connected: false,
        account: null,
        price_percent: 100,
        currency_rate: 1,
        keep: 0,
        listed_rows: 0,
        listed_copies: 0,
        unlisted: [],
        last_push_at: null,
        last_pull_at: null,
        problems: [],
        last_reconcile: null,
      },
    ]);
  });

  it('checks a token with CardTrader, keeps it sealed and never answers it back', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const token = accountToken('Mox Shop App 20261129');
    const before = cardTrader.requests.length;
    const saved = bodyOf(
      await owner.call('channelCardTrader', {
        api_token: token,
        enabled: true,
        price_percent: 95.5,
        keep: 1,
        currency_rate: 0.92,
      }),
    );
    expect(saved).toMatchObject({
      channel: 'cardtrader',
      enabled: true,
      connected: true,
      account: 'Mox Shop App 20261129',
      price_percent: 95.5,
      currency_rate: 0.92,
      keep: 1,
      problems: [],
    });
    // Asked of CardTrader as its API reference says: GET /info with the token as a bearer token.
    expect(cardTrader.requests.slice(before).map((r) => [r.method, r.path, r.authorization])).toEqual([
      ['GET', '/info', `Bearer ${token}`],
    ]);
    const listed = await owner.call('channels');
    expect(bodyOf(listed).channels[0]).toEqual(saved);
    expect(listed.text).not.toContain(token);
    // At rest: sealed under the server's key (kept in its data folder outside production), not the token itself.
    const sealed = (await sealedOf(shop.id))!;
    expect(sealed).not.toContain(token);
    const key = Buffer.from(fs.readFileSync(path.join(server.dataDir, 'channel-secret.key'), 'utf8'), 'hex');
    expect(secretBox(key).open(sealed)).toBe(token);
    // Nor in the Owner's data download, sealed or not: the channel's settings are, its token is not.
    const data = await owner.call('shopExport');
    expect(data.text).not.toContain(token);
    expect(data.text).not.toContain(sealed);
    expect(bodyOf(data).shop_channels).toEqual([expect.objectContaining({ channel: 'cardtrader', keep: 1 })]);
    // The Activity log says who connected which account.
    const [entry] = bodyOf(await owner.call('shopActivity', { kind: 'settings' })).entries;
    expect([entry!.action, entry!.subject, entry!.detail]).toEqual([
      'channel.save',
      'CardTrader',
      { enabled: true, price_percent: 95.5, keep: 1, currency_rate: 0.92, connected_account: 'Mox Shop App 20261129' },
    ]);
  });

  it('changes the price rule and pauses without asking CardTrader again; the token stays', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    bodyOf(await connect(owner, 'Paused'));
    const sealed = await sealedOf(shop.id);
    const before = cardTrader.requests.length;
    const paused = bodyOf(await owner.call('channelCardTrader', { enabled: false, price_percent: 110, keep: 2 }));
    expect(paused).toMatchObject({ enabled: false, connected: true, account: 'Paused', price_percent: 110, keep: 2 });
    expect(cardTrader.requests.length).toBe(before);
    expect(await sealedOf(shop.id)).toBe(sealed);
  });

  it('refuses a token CardTrader refuses, with CardTrader’s reason, and keeps the channel as it was', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    bodyOf(
      await owner.call('channelCardTrader', {
        api_token: accountToken('Kept'),
        enabled: true,
        price_percent: 90,
        keep: 0,
      }),
    );
    const sealed = await sealedOf(shop.id);
    const res = await owner.call('channelCardTrader', {
      api_token: 'mistyped',
      enabled: true,
      price_percent: 50,
      keep: 4,
    });
    expectError(res, 400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION',
      message: 'CardTrader refused the API token: You are not authorized to access this page',
    });
    expect(bodyOf(await owner.call('channels')).channels[0]).toMatchObject({
      account: 'Kept',
      price_percent: 90,
      keep: 0,
    });
    expect(await sealedOf(shop.id)).toBe(sealed);
  });

  it('turns nothing on without a token, and saves nothing when CardTrader does not answer', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const first = await owner.call('channelCardTrader', { enabled: true, price_percent: 100, keep: 0 });
    expectError(first, 400);
    expect(first.body.message).toBe(said.tokenFirst('CardTrader'));
    // Asked three times (a 429 or a 5xx is asked again after a pause), refused each time.
    for (const status of [429, 500]) {
      cardTrader.fail('/info', status, 3);
      const res = await connect(owner, 'Down');
      expectError(res, 503);
      expect(res.body).toMatchObject({ code: 'UNAVAILABLE', message: said.unavailable('CardTrader') });
    }
    expect(await sealedOf(shop.id)).toBeUndefined();
    expect(bodyOf(await owner.call('channels')).channels[0]).toMatchObject({ connected: false, enabled: false });

    // A rate limit that has passed by the next ask is no failure.
    cardTrader.fail('/info', 429, 2);
    const later = await connect(owner, 'Busy');
    expect(bodyOf(later)).toMatchObject({ connected: true, account: 'Busy' });
  });

  it('gives up on a CardTrader that does not answer in time, while the shop’s own screens answer at once', async () => {
    const hurried = await startServer({ CARDTRADER_API_URL: cardTrader.url, CARDTRADER_TIMEOUT_SECONDS: '1' });
    try {
      const shop = await buildShop(hurried);
      const owner = api(hurried, shop);
      bodyOf(await connect(owner, 'Slow'));
      cardTrader.slow(3000);
      const started = Date.now();
      const syncing = owner.call('channelSync', { channel: 'cardtrader' });
      // Meanwhile the shop's inventory and its Channels screen answer as ever.
      bodyOf(await owner.call('inventoryList', { page: '1', filter: '' }));
      bodyOf(await owner.call('channels'));
      expect(Date.now() - started).toBeLessThan(500);
      const res = await syncing;
      expectError(res, 503);
      expect(res.body.message).toBe(said.syncUnavailable('CardTrader'));
      expect(Date.now() - started).toBeLessThan(2900);
      // Answering again, it syncs.
      cardTrader.slow(0);
      expect(bodyOf(await owner.call('channelSync', { channel: 'cardtrader' }))).toMatchObject({ refused: 0 });
    } finally {
      cardTrader.slow(0);
      await hurried.close();
    }
  });

  it('is for the Owner and Managers: Employees and Watchers are refused', async () => {
    const shop = await buildShop(server);
    const manager = await addMember(server, shop.email, 'Manager');
    bodyOf(await api(server, manager).call('channelCardTrader', { enabled: false, price_percent: 80, keep: 0 }));
    for (const role of ['Employee', 'Watcher'] as const) {
      const member = api(server, await addMember(server, shop.email, role));
      expectError(await member.call('channels'), 403);
      expectError(await member.call('channelCardTrader', { enabled: false, price_percent: 80, keep: 0 }), 403);
    }
  });

  it('keeps a production server from starting without the key once a token is kept, and opens them with it', async () => {
    const shop = await buildShop(server);
    bodyOf(
      await api(server, shop).call('channelCardTrader', {
        api_token: accountToken('Key Shop App'),
        enabled: false,
        price_percent: 100,
        keep: 0,
      }),
    );
    const production = { ...productionEnv, CARDTRADER_API_URL: cardTrader.url, ...server.databaseEnv };
    await expect(startServer(production)).rejects.toThrow(said.keyMissingAtStart);
    // With the key the tokens were sealed under, it starts and opens them.
    const key = fs.readFileSync(path.join(server.dataDir, 'channel-secret.key'), 'utf8').trim();
    const keyed = await startServer({ ...production, CHANNEL_SECRET_KEY: key });
    try {
      const owner = api(keyed, shop);
      bodyOf(await owner.call('channelCardTrader', { enabled: true, price_percent: 100, keep: 0 }));
      expect(bodyOf(await owner.call('channelSync', { channel: 'cardtrader' }))).toMatchObject({ created: 0 });
    } finally {
      await keyed.close();
    }
  });
});
