import {
  checkRefund,
  dollarsToCents,
  returnMessages,
  returnShareCents,
  type AuditEvent,
  type RefundProblem,
  type TenderKind,
} from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { checkIdempotencyKey, fingerprintOf } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import type { GiveBackCopies } from '../orders/order-stock.ts';
import { ordersRepository, type OrderLineRow } from '../orders/orders.repository.ts';
import { recordCashMove } from './cash-moves.ts';
import { drawerRepository } from './drawer.repository.ts';
import { registerRepository } from './register.repository.ts';
import { returnsRepository as repo } from './returns.repository.ts';
import { linePaidCents } from './sale-presenter.ts';

const said = returnMessages.server;

/** A return as the route read it: copies of the sale's lines, and the refund's parts in dollars. */
export interface ReturnInput {
  sale_number: string;
  lines: { line: number; quantity: number; restock: boolean }[];
  refund: { kind: TenderKind; amount: number; reference?: string }[];
}

const tenderNames: Record<TenderKind, string> = {
  cash: 'cash',
  card: 'card',
  store_credit: 'store credit',
  other: 'other tenders',
};

/** What a sold line can still give back: copies not returned yet, and its share of paid and tax per those copies. */
export function returnableOf(line: OrderLineRow, pricesIncludeTax: boolean, returned: number) {
  const paid = { paid_cents: linePaidCents(line, pricesIncludeTax), quantity: line.quantity };
  const tax = { paid_cents: line.tax_cents, quantity: line.quantity };
  return {
    left: line.quantity - returned,
    /** What `copies` more of the line give back, with the tax part of it. */
    give: (copies: number) => ({
      amount_cents: returnShareCents(paid, returned, copies),
      tax_cents: returnShareCents(tax, returned, copies),
    }),
  };
}

/** What card and other tenders may still take back: what the sale took that way, less earlier refunds. */
export function refundableOf(
  tenders: readonly { kind: string; amount_cents: number }[],
  refunded: readonly { kind: string; cents: number | string }[],
) {
  const took = (kind: string) => tenders.filter((t) => t.kind === kind).reduce((n, t) => n + t.amount_cents, 0);
  const back = (kind: string) => refunded.filter((r) => r.kind === kind).reduce((n, r) => n + Number(r.cents), 0);
  return { card: took('card') - back('card'), other: took('other') - back('other') };
}

/** What a return answers: its number, its sale's, and the customer's credit balance after it (store credit only). */
export interface ReturnDone {
  returnNumber: string;
  saleNumber: string;
  balanceCents: number | undefined;
}

/** Thrown inside the transaction when its key turns out recorded meanwhile: it rolls back, the first one answers. */
class AlreadyReturned extends Error {}

/**
 * A return at the register (issue 44, decision 037): copies of a sale's lines come back, onto the shelf through the
 * orders' give-back (the inventory's stock door) unless damaged, and the refund pays exactly what they paid, tax
 * included, never more: card and other up to what they took, store credit to the sale's customer through the
 * ledger, cash out of the refunder's open drawer (`recordCashMove`). One transaction, one audit entry
 * (`register.return`); numbered after the sale (`1043-R1`). Owners and Managers only (`register:refund`). With an
 * Idempotency-Key, a retry (the same key and request) answers the first return and writes nothing; the same key with
 * another request is 422. Two retries at once are decided under the sale's lock, or by the key's unique index.
 */
export function returnSale(ctx: AppContext, giveBackCopies: GiveBackCopies) {
  return async function returnOf(actor: Actor, input: ReturnInput, idempotencyKey?: string): Promise<ReturnDone> {
    const { shopId } = requireRole(actor, 'register:refund');
    checkIdempotencyKey(idempotencyKey);
    const fingerprint =
      idempotencyKey === undefined
        ? null
        : fingerprintOf({ sale_number: input.sale_number, lines: input.lines, refund: input.refund });
    /** The return recorded under the key, when one is: the first answer again, or 422 for another request. */
    const first = async (): Promise<ReturnDone | undefined> => {
      if (idempotencyKey === undefined) return undefined;
      const found = await repo.byKey(ctx.db, shopId, idempotencyKey);
      if (!found) return undefined;
      if (found.idempotency_fingerprint !== fingerprint)
        throw new AppError('IDEMPOTENCY_MISMATCH', said.idempotencyMismatch);
      const balance = found.balance_after_cents;
      return {
        returnNumber: found.return_number,
        saleNumber: found.sale_number,
        balanceCents: balance === null ? undefined : Number(balance),
      };
    };
    const answered = await first();
    if (answered) return answered;
    try {
      return await record(actor, input, idempotencyKey === undefined ? null : { key: idempotencyKey, fingerprint });
    } catch (err) {
      if (err instanceof AlreadyReturned || (idempotencyKey !== undefined && isUniqueViolation(err))) {
        const again = await first();
        if (again) return again;
      }
      throw err;
    }
  };

  async function record(
    actor: Actor,
    input: ReturnInput,
    key: { key: string; fingerprint: string | null } | null,
  ): Promise<ReturnDone> {
    const { shopId, email, userId } = requireRole(actor, 'register:refund');
    const refund = input.refund.map((r) => ({
      kind: r.kind,
      amount_cents: dollarsToCents(r.amount),
      reference: r.reference ?? '',
    }));
    const at = ctx.clock.now().toISOString();
    const { returnNumber, saleNumber, balance } = await withTransaction(ctx.db, async (tx) => {
      // The sale's row first: two returns of one sale are decided one after the other.
      const counted = await repo.countReturn(tx, shopId, input.sale_number);
      if (!counted) throw new AppError('NOT_FOUND', said.saleNotFound(input.sale_number));
      // A retry of this return that ran first, while this one waited for the sale: it answers.
      if (key && (await repo.byKey(tx, shopId, key.key))) throw new AlreadyReturned();
      const sale = (await registerRepository.byNumber(tx, shopId, input.sale_number))!;
      const number = `${sale.order_number}-R${counted.returns_count}`;
      const [lines, returned, tenders, refunded] = await Promise.all([
        ordersRepository.linesOf(tx, [sale.order_id]),
        repo.returnedOf(tx, sale.id),
        registerRepository.tendersOf(tx, sale.id),
        repo.refundedOf(tx, sale.id),
      ]);
      const include = sale.prices_include_tax === 1;
      const back = input.lines.map((want) => {
        const line = lines.find((l) => l.id === want.line);
        if (!line) throw refusal(`lines`, said.lineNotInSale(want.line, sale.order_number));
        const already = Number(returned.find((r) => r.order_line_id === line.id)?.quantity ?? 0);
        const returnable = returnableOf(line, include, already);
        if (want.quantity > returnable.left) throw refusal('lines', said.tooMany(line.card_name, returnable.left));
        return { line, quantity: want.quantity, restock: want.restock, ...returnable.give(want.quantity) };
      });
      const dueCents = back.reduce((n, l) => n + l.amount_cents, 0);
      const taxCents = back.reduce((n, l) => n + l.tax_cents, 0);
      const customer =
        sale.customer_id === null ? undefined : await customersRepository.find(tx, shopId, sale.customer_id);
      const left = refundableOf(tenders, refunded);
      const problem = checkRefund(dueCents, refund, left, customer !== undefined);
      if (problem) throw refusal('refund', refundSentence(problem, dueCents, refund, left));

      // The copies back on the shelf, then the cash out of the drawer (every writer: stock rows, then the rest).
      const restocked = back.filter((l) => l.restock);
      if (restocked.length) await giveBackCopies(tx, shopId, restocked, at);
      const cash = refund.filter((r) => r.kind === 'cash').reduce((n, r) => n + r.amount_cents, 0);
      const drawer = cash > 0 ? await drawerRepository.openOf(tx, shopId, userId) : undefined;
      if (cash > 0 && !drawer) throw new AppError('DRAWER_CLOSED', said.needsDrawer);
      if (drawer) await recordCashMove(tx, { ...drawer, engine: ctx.engine }, 'refund', -cash, number, at);
      await repo.insert(
        tx,
        {
          shop_id: shopId,
          sale_id: sale.id,
          return_number: number,
          refund_cents: dueCents,
          tax_cents: taxCents,
          drawer_id: drawer?.id ?? null,
          created_by: email,
          created_at: at,
          idempotency_key: key?.key ?? null,
          idempotency_fingerprint: key?.fingerprint ?? null,
        },
        back.map((l) => ({
          order_line_id: l.line.id,
          quantity: l.quantity,
          restock: l.restock,
          amount_cents: l.amount_cents,
          tax_cents: l.tax_cents,
        })),
        refund,
      );
      const byKind: Partial<Record<TenderKind, number>> = {};
      for (const r of refund) byKind[r.kind] = (byKind[r.kind] ?? 0) + r.amount_cents;
      const event = (balanceCents?: number): AuditEvent => ({
        action: 'register.return',
        detail: {
          return_number: number,
          copies: back.reduce((n, l) => n + l.quantity, 0),
          restocked: restocked.reduce((n, l) => n + l.quantity, 0),
          refund_cents: dueCents,
          tax_cents: taxCents,
          refund: byKind,
          ...(balanceCents === undefined ? {} : { balance_cents: balanceCents }),
        },
      });
      const credit = byKind.store_credit ?? 0;
      let balanceCents: number | undefined;
      if (credit > 0) {
        // Onto the customer's ledger; the return's own entry tells it, with the balance after.
        balanceCents = await appendCredit(
          tx,
          {
            shopId,
            customerId: customer!.id,
            kind: 'order_refund',
            amountCents: credit,
            reference: number,
            actor: email,
            at,
          },
          { subject: sale.order_number, event },
        );
      } else await audit(tx, { shopId, actor: email, subject: sale.order_number, at, event: event() });
      return { returnNumber: number, saleNumber: sale.order_number, balance: balanceCents };
    });
    return { returnNumber, saleNumber, balanceCents: balance };
  }
}

async function audit(tx: Tx, entry: { shopId: number; actor: string; subject: string; at: string; event: AuditEvent }) {
  await auditRepository.record(tx, {
    shop_id: entry.shopId,
    actor: entry.actor,
    subject: entry.subject,
    created_at: entry.at,
    ...entry.event,
  });
}

/** A refusal that names the field at fault, so the screen marks it without reading the sentence. */
function refusal(field: string, sentence: string) {
  return new AppError('VALIDATION', sentence, { errors: [{ field, message: sentence }] });
}

function refundSentence(
  problem: RefundProblem,
  dueCents: number,
  refund: readonly { kind: TenderKind; amount_cents: number }[],
  left: { card: number; other: number },
): string {
  switch (problem) {
    case 'not_positive':
      return said.refundNotPositive;
    case 'not_total':
      return said.refundNotTotal(
        dueCents,
        refund.reduce((n, r) => n + r.amount_cents, 0),
      );
    case 'over_card':
      return said.overTender(tenderNames.card, left.card);
    case 'over_other':
      return said.overTender(tenderNames.other, left.other);
    case 'credit_without_customer':
      return said.creditNeedsCustomer;
  }
}
