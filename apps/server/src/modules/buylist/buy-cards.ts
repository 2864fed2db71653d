import { buyLimits, buyRulesOf, dollarsToCents, messages, type BuyRules } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { requirePublicShop } from '../storefront/public-shop.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import { toBuyCard } from './buy-presenter.ts';
import { pricingFor, settingOf } from './offer-pricing.ts';

const server = messages.buylist.server;

/** The shop's buy rules and its word on single printings (fixed offers, hotlist, targets), and its public page. */
export function buyCards(ctx: AppContext, reads: InventoryReadModel) {
  const now = () => ctx.clock.now().toISOString();

  /** A page of the printings the shop has its word on, each with what it offers now. */
  async function cardsPage(
    shopId: number,
    filter: { q: string; hotlistOnly: boolean; buyingOnly?: boolean },
    page: number,
  ) {
    const size = buyLimits.pageSize;
    const { rows, total } = await repo.cardsPage(ctx.db, shopId, filter, { offset: (page - 1) * size, limit: size });
    const pricing = await pricingFor(
      ctx.db,
      shopId,
      rows.map((r) => r.card_id),
    );
    const cards = rows.flatMap((r) => {
      const card = pricing.cards.get(r.card_id);
      return card ? [toBuyCard(card, settingOf(r), pricing.held.get(r.card_id) ?? 0, pricing.rules)] : [];
    });
    return { cards, total, page, total_pages: Math.max(1, Math.ceil(total / size)), rules: pricing.rules };
  }

  return {
    async rules(actor: Actor) {
      const { shopId } = requireRole(actor, 'buylist:view');
      return { success: true as const, data: { rules: buyRulesOf(await repo.rulesOf(ctx.db, shopId)) } };
    },

    async updateRules(actor: Actor, rules: BuyRules) {
      const { shopId, email } = requireRole(actor, 'buylist:rules');
      await withTransaction(ctx.db, async (tx) => {
        await repo.setRules(tx, shopId, JSON.stringify(rules));
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.rules',
          subject: '',
          detail: rules,
          created_at: now(),
        });
      });
      return { success: true as const, data: { rules: buyRulesOf(JSON.stringify(rules)) } };
    },

    async cards(actor: Actor, input: { q: string; hotlist?: boolean; page: number }) {
      const { shopId } = requireRole(actor, 'buylist:view');
      const { rules: _rules, ...page } = await cardsPage(
        shopId,
        { q: normalizeName(input.q), hotlistOnly: input.hotlist === true },
        input.page,
      );
      return { success: true as const, data: page };
    },

    /** Sets the shop's word on one printing, every field as sent. */
    async setCard(
      actor: Actor,
      input: {
        scryfall_id: string;
        fixed_cash: number | null;
        fixed_credit: number | null;
        not_buying: boolean;
        hotlist: boolean;
        target_stock: number | null;
      },
    ) {
      const { shopId, email } = requireRole(actor, 'buylist:rules');
      const at = now();
      const setting = {
        shop_id: shopId,
        card_id: input.scryfall_id,
        fixed_cash_cents: dollarsToCents(input.fixed_cash),
        fixed_credit_cents: dollarsToCents(input.fixed_credit),
        not_buying: Number(input.not_buying),
        hotlist: Number(input.hotlist),
        target_stock: input.target_stock,
        updated_at: at,
      };
      const card = await withTransaction(ctx.db, async (tx) => {
        const [card] = await repo.cardsByIds(tx, [input.scryfall_id]);
        if (!card) throw new AppError('NOT_FOUND', server.noSuchCard(input.scryfall_id));
        await repo.setCard(tx, setting);
        const { shop_id: _shop, card_id: _card, updated_at: _at, ...detail } = setting;
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'buylist.card',
          subject: card.id,
          detail,
          created_at: at,
        });
        return card;
      });
      const pricing = await pricingFor(ctx.db, shopId, [card.id]);
      return {
        message: server.cardSaved(card.name),
        card: toBuyCard(card, settingOf(setting), pricing.held.get(card.id) ?? 0, pricing.rules),
      };
    },

    /** The printing follows the rules again. */
    async removeCard(actor: Actor, scryfallId: string) {
      const { shopId, email } = requireRole(actor, 'buylist:rules');
      const name = await withTransaction(ctx.db, async (tx) => {
        const [card] = await repo.cardsByIds(tx, [scryfallId]);
        if (!card) throw new AppError('NOT_FOUND', server.noSuchCard(scryfallId));
        if (await repo.removeCard(tx, shopId, card.id))
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'buylist.card.remove',
            subject: card.id,
            detail: {},
            created_at: now(),
          });
        return card.name;
      });
      return { message: server.cardRemoved(name) };
    },

    /** A public shop's "We buy" page: its shares and the hotlist it buys, near mint, nonfoil, English. */
    async publicBuylist(subdomain: string, page: number) {
      const shop = await requirePublicShop(reads, subdomain, ctx.clock.now());
      const { cards, rules, ...rest } = await cardsPage(shop.id, { q: '', hotlistOnly: true, buyingOnly: true }, page);
      return {
        shop_name: shop.name,
        cash_percent: rules.cash_percent,
        credit_percent: rules.credit_percent,
        hotlist: cards.map((c) => ({
          scryfall_id: c.scryfall_id,
          card_name: c.card_name,
          set_code: c.set_code,
          collector_number: c.collector_number,
          image_url: c.image_url,
          cash: c.cash,
          credit: c.credit,
          wanted: c.wanted,
        })),
        ...rest,
      };
    },
  };
}
