import { buyOffer, centsToDollars, finishOf, languageOf, marketPriceOf, qualityOf } from '@cardstock/contract';
import type { BuyCard, BuyCardSetting, BuyOrder, BuyRules, OfferLine } from '@cardstock/contract';
import { toCustomer } from '../customers/customers.mapper.ts';
import { placedPart } from '../orders/order-presenter.ts';
import type { BuyCardInfo, BuyLineRow, BuyOrderRow, CustomerRow } from './buylist.repository.ts';
import { totalsOf, type LineInput, type LineOffer } from './offer-pricing.ts';

/* The buylist's answers: offer lines, the offer as JSON text, buy orders and the shop's cards. */

/** The names a line is shown with: the catalog's, or as a buy line kept them. */
interface LineNames {
  name: string;
  set_code: string;
  collector_number: string;
}

export function toOfferLine(line: LineInput, card: LineNames | undefined, offer: LineOffer): OfferLine {
  return {
    scryfall_id: line.card_id,
    card_name: card?.name ?? '',
    set_code: (card?.set_code ?? '').toUpperCase(),
    collector_number: card?.collector_number ?? '',
    finish: finishOf(line.finish),
    quality: qualityOf(line.quality),
    language: languageOf(line.language),
    quantity: line.quantity,
    cash: centsToDollars(offer.cash_cents),
    credit: centsToDollars(offer.credit_cents),
    wanted: offer.wanted,
    hotlist: offer.hotlist,
    reason: offer.reason,
  };
}

/** A printing's part of an offer line as JSON text, written once per kept catalog row. */
const offerHeads = new WeakMap<BuyCardInfo, string>();
function offerHead(card: BuyCardInfo): string {
  let head = offerHeads.get(card);
  if (head === undefined) {
    const { id, name, set_code, collector_number } = card;
    head = `{"scryfall_id":${JSON.stringify(id)},"card_name":${JSON.stringify(name)},"set_code":${JSON.stringify(set_code.toUpperCase())},"collector_number":${JSON.stringify(collector_number)}`;
    offerHeads.set(card, head);
  }
  return head;
}

/**
 * The offer's answer as JSON text, written as toOfferLine and JSON.stringify would write it (ZBuyOfferResponse's
 * fields in its order): for 200 lines, building the answer's objects and stringifying them was a quarter of the call.
 * The codes and numbers need no escaping; the route's test holds the text to the schema's, byte for byte.
 */
export function offerAnswerText(
  lines: readonly LineInput[],
  cards: Map<string, BuyCardInfo>,
  offers: readonly LineOffer[],
) {
  const totals = totalsOf(offers);
  let text = '{"success":true,"data":{"items":[';
  for (const [i, line] of lines.entries()) {
    const offer = offers[i]!;
    const reason = offer.reason === null ? 'null' : `"${offer.reason}"`;
    text +=
      `${i === 0 ? '' : ','}${offerHead(cards.get(line.card_id)!)},"finish":"${finishOf(line.finish)}",` +
      `"quality":"${qualityOf(line.quality)}","language":"${languageOf(line.language)}","quantity":${line.quantity},` +
      `"cash":${centsToDollars(offer.cash_cents)},"credit":${centsToDollars(offer.credit_cents)},` +
      `"wanted":${offer.wanted},"hotlist":${offer.hotlist},"reason":${reason}}`;
  }
  return `${text}],"total_cash":${centsToDollars(totals.cash)},"total_credit":${centsToDollars(totals.credit)}}}`;
}

export function toBuyOrder(order: BuyOrderRow, lines: BuyLineRow[], offers: LineOffer[], customer: CustomerRow | null) {
  const totals = totalsOf(offers);
  return {
    buy_number: order.buy_number,
    ...placedPart<BuyOrder>(order),
    customer: customer && toCustomer(customer),
    items: lines.map((l, i) => ({
      ...toOfferLine(l, { ...l, name: l.card_name }, offers[i]!),
      line_id: l.id,
      graded: l.graded === 1,
    })),
    total_items: totals.items,
    total_cash: centsToDollars(totals.cash),
    total_credit: centsToDollars(totals.credit),
    payout: order.payout as BuyOrder['payout'],
    paid: centsToDollars(order.paid_cents),
    decided_by: order.decided_by,
    decided_timestamp: order.decided_at,
    reason: order.reason,
  } satisfies BuyOrder;
}

/** What a printing the shop has its word on offers now, near mint, nonfoil, English. */
export function toBuyCard(card: BuyCardInfo, setting: BuyCardSetting, held: number, rules: BuyRules): BuyCard {
  const offer = buyOffer({
    marketCents: marketPriceOf(card, 'nonfoil'),
    quality: 'NM',
    language: 'en',
    rarity: card.rarity,
    held,
    quantity: 1,
    card: setting,
    rules,
  });
  const target = setting.target_stock ?? rules.target_by_rarity[card.rarity as keyof BuyRules['target_by_rarity']];
  return {
    scryfall_id: card.id,
    card_name: card.name,
    set_code: card.set_code.toUpperCase(),
    collector_number: card.collector_number,
    rarity: card.rarity,
    image_url: card.image_normal ?? card.image_small,
    fixed_cash: centsToDollars(setting.fixed_cash_cents),
    fixed_credit: centsToDollars(setting.fixed_credit_cents),
    not_buying: setting.not_buying,
    hotlist: setting.hotlist,
    target_stock: setting.target_stock,
    held,
    cash: centsToDollars(offer.cash_cents),
    credit: centsToDollars(offer.credit_cents),
    wanted: setting.not_buying ? 0 : target === undefined ? null : Math.max(0, target - held),
  };
}
