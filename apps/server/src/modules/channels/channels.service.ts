import {
  channelKinds,
  channelMessages,
  channelNames,
  percentThousandths,
  rateMillionths,
  rateOfMillionths,
  sameCurrencyMillionths,
  type CardTraderChannelRequest,
  type ChannelKind,
} from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { channelKey, secretBox, type SecretBox } from '../../lib/secret-box.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { toChannel } from './channel-presenter.ts';
import { channelsRepository as repo, type ChannelRow } from './channels.repository.ts';
import type { MarketOrders } from '../orders/take-market-order.ts';
import { pullOrders } from './pull-orders.ts';
import { pushListings, type StockState } from './push-listings.ts';
import { reconcileListings } from './reconcile-listings.ts';
import { MarketplaceRefused, MarketplaceUnavailable, restAfterMs, type Marketplace } from './marketplace.ts';

const said = channelMessages.server;
/** How long a sync may hold its channel: a server that died mid-sync frees it after this. */
const LEASE_MS = 10 * 60_000;
/** How often the interval compares a channel's listings with the marketplace's own products. */
const RECONCILE_MS = 24 * 3_600_000;

/**
 * A shop's marketplace channels (issue 42): connecting one with its API token (checked with the marketplace at once,
 * then kept sealed under the server's key), its price rule and `keep`, pausing it.
 */
export function createChannelsService(
  ctx: AppContext,
  marketplaces: Record<ChannelKind, Marketplace>,
  stockState: StockState,
  orders: MarketOrders,
) {
  const cardTrader = marketplaces.cardtrader;
  /** Channels whose marketplace keeps failing, by shop and kind: how often in a row, and until when they rest. */
  const resting = new Map<string, { failures: number; until: number }>();
  let box: SecretBox | undefined;
  /** The server's sealing box, made on first need (a development server makes its key file then, not at start). */
  function sealer(): SecretBox {
    if (box) return box;
    const key = channelKey(ctx.config.channels.secretKey, ctx.config.isProduction, ctx.config.dataDir);
    if (!key) throw new AppError('UNAVAILABLE', said.noKey);
    return (box = secretBox(key));
  }

  /** The account a token names, or the marketplace's refusal as the caller's 4xx (nothing saved either way). */
  async function accountOf(marketplace: Marketplace, apiToken: string): Promise<string> {
    const name = channelNames[marketplace.kind];
    try {
      return (await marketplace.account(apiToken)).name;
    } catch (err) {
      if (err instanceof MarketplaceRefused)
        throw new AppError('VALIDATION', err.message, { errors: [{ field: 'api_token', message: err.message }] });
      if (err instanceof MarketplaceUnavailable) throw new AppError('UNAVAILABLE', said.unavailable(name));
      throw err;
    }
  }

  /**
   * Takes one channel's new marketplace orders (and gives back cancelled ones), then pushes its listings, so what is
   * listed already counts what sold there; under the channel's lease (one server at a time: undefined when another
   * holds it, or a server that died holding it has not been gone `LEASE_MS`). A
   * token the marketplace refuses pauses the channel, with why, until the owner gives another; the refusal is thrown
   * on.
   */
  async function sync(row: ChannelRow, options: { unlessUnchanged?: boolean; reconcile?: boolean } = {}) {
    const kind = row.channel as ChannelKind;
    const apiToken = sealer().open(row.token_sealed!);
    const now = ctx.clock.now();
    const until = new Date(now.getTime() + LEASE_MS).toISOString();
    if (!(await repo.lease(ctx.db, row.shop_id, kind, now.toISOString(), until))) return undefined;
    try {
      const pulled = await pullOrders(ctx, marketplaces[kind], orders, row, apiToken);
      if (options.reconcile)
        return { pulled, ...(await reconcileListings(ctx, stockState, marketplaces[kind], row, apiToken)) };
      const pushed = await pushListings(ctx, stockState, marketplaces[kind], row, apiToken, options);
      return { pulled, pushed, reconciliation: undefined };
    } catch (err) {
      if (err instanceof MarketplaceRefused) {
        const problem = said.revoked(channelNames[kind], err.message);
        if (await repo.pause(ctx.db, row.shop_id, kind, problem)) await mailRevoked(row.shop_id, kind, err.message);
      }
      throw err;
    } finally {
      await repo.update(ctx.db, row.shop_id, kind, { lease_until: null });
    }
  }

  /** Tells the shop's Owners their channel stopped and why; a mail that fails is logged, the pause stands. */
  async function mailRevoked(shopId: number, kind: ChannelKind, why: string) {
    const name = channelNames[kind];
    const { shopName, emails } = await repo.owners(ctx.db, shopId);
    const url = `${ctx.config.publicUrl}/channels`;
    for (const to of emails)
      await ctx.mailer
        .send({
          to,
          subject: channelMessages.revokedMail.subject(name),
          text: channelMessages.revokedMail.text(shopName, name, why, url),
        })
        .catch((err: unknown) => ctx.log.error({ err, shop: shopId }, 'the revoked-token mail could not be sent'));
  }

  /** A sync the owner asked for: refused when the channel cannot run, and the marketplace's faults as the caller's. */
  async function syncNow(shopId: number, kind: ChannelKind, reconcile = false) {
    const name = channelNames[kind];
    const row = await repo.find(ctx.db, shopId, kind);
    if (!row?.token_sealed) throw new AppError('VALIDATION', said.tokenFirst(name));
    if (!row.enabled) throw new AppError('CONFLICT', said.paused(name));
    let synced;
    try {
      synced = await sync(row, { reconcile });
    } catch (err) {
      if (err instanceof MarketplaceRefused) throw new AppError('CONFLICT', said.revoked(name, err.message));
      if (err instanceof MarketplaceUnavailable) throw new AppError('UNAVAILABLE', said.syncUnavailable(name));
      throw err;
    }
    if (!synced) throw new AppError('CONFLICT', said.busy(name));
    return synced;
  }

  return {
    /**
     * The interval's work (CHANNEL_SYNC_SECONDS): every running channel's new orders are taken, and each whose shop's
     * stock, prices or rule changed since its last push is pushed (once a day, reconciled with the marketplace's own
     * products instead); one that fails is logged and tried again next time, the others go on.
     */
    async pushChanged(): Promise<void> {
      const now = ctx.clock.now().getTime();
      const dayAgo = new Date(now - RECONCILE_MS).toISOString();
      for (const row of await repo.running(ctx.db)) {
        const key = `${row.shop_id}:${row.channel}`;
        const rest = resting.get(key);
        if (rest && rest.until > now) continue;
        try {
          await sync(row, {
            unlessUnchanged: true,
            reconcile: row.last_reconcile_at === null || row.last_reconcile_at < dayAgo,
          });
          resting.delete(key);
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          if (err instanceof MarketplaceUnavailable) {
            const failures = (rest?.failures ?? 0) + 1;
            resting.set(key, {
              failures,
              until: now + restAfterMs(failures, ctx.config.channels.syncSeconds * 1000),
            });
          }
          ctx.log.warn({ shop: row.shop_id, channel: row.channel }, `channel sync skipped: ${why}`);
        }
      }
    },

    async list(actor: Actor) {
      const { shopId } = requireRole(actor, 'channels');
      const rows = await repo.ofShop(ctx.db, shopId);
      const channels = await Promise.all(
        channelKinds.map(async (kind) =>
          toChannel(
            kind,
            rows.find((row) => row.channel === kind),
            await repo.listingCounts(ctx.db, shopId, kind),
          ),
        ),
      );
      return { channels };
    },

    /** Takes the marketplace's new orders and pushes the shop's listings to `kind` now (as the interval does); what changed. */
    async sync(actor: Actor, kind: ChannelKind) {
      const { shopId } = requireRole(actor, 'channels');
      const name = channelNames[kind];
      const { pulled, pushed } = await syncNow(shopId, kind);
      const channel = toChannel(
        kind,
        await repo.find(ctx.db, shopId, kind),
        await repo.listingCounts(ctx.db, shopId, kind),
      );
      return {
        message: said.synced(name, pushed.created, pushed.updated, pushed.removed, pulled.taken, pulled.cancelled),
        ...pushed,
        orders_taken: pulled.taken,
        orders_cancelled: pulled.cancelled,
        channel,
      };
    },

    /**
     * Compares the marketplace's own products with the shop's listings there and puts every difference right now (as
     * the interval does daily), after taking its new orders; each correction, and the products listed by hand.
     */
    async reconcile(actor: Actor, kind: ChannelKind) {
      const { shopId } = requireRole(actor, 'channels');
      const { reconciliation } = await syncNow(shopId, kind, true);
      const channel = toChannel(
        kind,
        await repo.find(ctx.db, shopId, kind),
        await repo.listingCounts(ctx.db, shopId, kind),
      );
      return {
        message: said.reconciled(
          channelNames[kind],
          reconciliation!.corrections_total,
          reconciliation!.hand_listed_total,
        ),
        reconciliation: reconciliation!,
        channel,
      };
    },

    async saveCardTrader(actor: Actor, input: Omit<CardTraderChannelRequest, 'token'>) {
      const { shopId, email } = requireRole(actor, 'channels');
      const kind = cardTrader.kind;
      // Checked before anything is written: a refused token leaves the saved channel as it was.
      const fresh = input.api_token
        ? { sealed: sealer().seal(input.api_token), account: await accountOf(cardTrader, input.api_token) }
        : undefined;
      const now = ctx.clock.now().toISOString();
      const row = await withTransaction(ctx.db, async (tx) => {
        const saved = await repo.find(tx, shopId, kind);
        if (input.enabled && !fresh && !saved?.token_sealed)
          throw new AppError('VALIDATION', said.tokenFirst(channelNames[kind]), {
            errors: [{ field: 'api_token', message: said.tokenFirst(channelNames[kind]) }],
          });
        const written = await repo.save(tx, {
          shop_id: shopId,
          channel: kind,
          enabled: input.enabled ? 1 : 0,
          token_sealed: fresh?.sealed ?? saved?.token_sealed ?? null,
          account: fresh?.account ?? saved?.account ?? null,
          price_percent_thousandths: percentThousandths(input.price_percent),
          currency_rate_millionths:
            input.currency_rate === undefined
              ? (saved?.currency_rate_millionths ?? sameCurrencyMillionths)
              : rateMillionths(input.currency_rate),
          keep: input.keep,
          // A token the marketplace accepted clears what stopped the channel.
          problem: fresh ? null : (saved?.problem ?? null),
          last_push_at: saved?.last_push_at ?? null,
          last_pull_at: saved?.last_pull_at ?? null,
          updated_at: now,
        });
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'channel.save',
          subject: channelNames[kind],
          detail: {
            enabled: input.enabled,
            price_percent: input.price_percent,
            keep: input.keep,
            currency_rate: rateOfMillionths(written.currency_rate_millionths),
            ...(fresh ? { connected_account: fresh.account } : {}),
          },
          created_at: now,
        });
        return written;
      });
      return toChannel(kind, row, await repo.listingCounts(ctx.db, shopId, kind));
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
