import {
  centsUsd as usd,
  centsText,
  checkRefund,
  dollarsToCents,
  returnMessages,
  returnShareCents,
  type RefundProblem,
  type RegisterSaleDetail,
  type RouteCallInput,
} from '@cardstock/contract';
import { nextDraftId, tenderBodies, tendersOf, type TenderDraft } from './sale.ts';

/** A sold line's return as the form holds it: how many copies (typed) and whether they go back to stock. */
export interface ReturnLineDraft {
  line: number;
  text: string;
  restock: boolean;
}

/** Every line of the sale at 0 copies, back into stock by default. */
export const emptyReturn = (sale: RegisterSaleDetail): ReturnLineDraft[] =>
  sale.lines.map((l) => ({ line: l.line, text: '', restock: true }));

/** The copies typed for a line: a whole number from 0 to what is left, or undefined while it is not one. */
function copiesOf(draft: ReturnLineDraft, left: number): number | undefined {
  const t = draft.text.trim();
  if (t === '') return 0;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n <= left ? n : undefined;
}

/**
 * What the typed return gives back (the server's sum, decision 037: each line's share of what it paid, counted after
 * the copies returned before), and the lines as the call sends them; `bad` names the first line typed wrong.
 */
export function returnOf(sale: RegisterSaleDetail, drafts: readonly ReturnLineDraft[]) {
  let cents = 0;
  const lines: { line: number; quantity: number; restock: boolean }[] = [];
  for (const draft of drafts) {
    const sold = sale.lines.find((l) => l.line === draft.line);
    const left = sale.returnable.find((r) => r.line === draft.line)?.quantity ?? 0;
    if (!sold) continue;
    const copies = copiesOf(draft, left);
    if (copies === undefined)
      return { ok: false as const, bad: `${sold.name}: return a whole number of copies, at most ${left}.` };
    if (copies === 0) continue;
    const paid = { paid_cents: dollarsToCents(sold.total), quantity: sold.quantity };
    cents += returnShareCents(paid, sold.quantity - left, copies);
    lines.push({ line: draft.line, quantity: copies, restock: draft.restock });
  }
  return { ok: true as const, cents, lines };
}

/**
 * How a return is refunded unless staff say otherwise: back the way the sale was paid (card, then other, as far as
 * each can still take), then store credit when the sale was paid with it, and cash for the rest.
 */
export function defaultRefund(sale: RegisterSaleDetail, cents: number): TenderDraft[] {
  const parts: TenderDraft[] = [];
  let left = cents;
  for (const kind of ['card', 'other'] as const) {
    const take = Math.min(left, dollarsToCents(sale.refundable[kind]));
    if (take > 0) parts.push({ id: nextDraftId(), kind, text: centsText(take), reference: '' });
    left -= take;
  }
  if (left > 0) {
    const byCredit = sale.customer !== null && sale.tenders.some((t) => t.kind === 'store_credit');
    parts.push({ id: nextDraftId(), kind: byCredit ? 'store_credit' : 'cash', text: centsText(left), reference: '' });
  }
  return parts;
}

/** What the screen says about a refund that does not pay the return yet (the server's rules, before it is asked). */
export function refundProblem(
  sale: RegisterSaleDetail,
  cents: number,
  drafts: readonly TenderDraft[],
): string | undefined {
  const refund = tendersOf(drafts);
  if (!refund) return 'Each refund is an amount in dollars, with at most 2 decimals.';
  const problem = checkRefund(
    cents,
    refund,
    { card: dollarsToCents(sale.refundable.card), other: dollarsToCents(sale.refundable.other) },
    sale.customer !== null,
  );
  return problem ? refundText(problem, cents, refund, sale) : undefined;
}

function refundText(
  problem: RefundProblem,
  cents: number,
  refund: readonly { amount_cents: number }[],
  sale: RegisterSaleDetail,
): string {
  const given = refund.reduce((n, r) => n + r.amount_cents, 0);
  switch (problem) {
    case 'not_positive':
      return returnMessages.server.refundNotPositive;
    case 'not_total':
      return given < cents
        ? `${usd(cents - given)} still to refund.`
        : `${usd(given - cents)} more than those copies paid.`;
    case 'over_card':
      return `At most $${centsText(dollarsToCents(sale.refundable.card))} can go back to the card.`;
    case 'over_other':
      return `At most $${centsText(dollarsToCents(sale.refundable.other))} can go back by other tenders.`;
    case 'credit_without_customer':
      return 'The sale had no customer: refund another way than store credit.';
  }
}

/** The return call's body. */
export function returnBody(
  sale: RegisterSaleDetail,
  lines: { line: number; quantity: number; restock: boolean }[],
  drafts: readonly TenderDraft[],
): Omit<RouteCallInput<'registerReturn'>, 'token'> {
  return {
    sale_number: sale.sale_number,
    lines,
    refund: tenderBodies(drafts),
  };
}
