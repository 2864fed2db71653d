import {
  CUSTOMER_LEDGER_LIMIT,
  CUSTOMERS_PAGE_SIZE,
  centsToDollars,
  dollarsToCents,
  messages,
} from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Executor, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { appendCredit } from './credit-ledger.ts';
import { toCreditEntry, toCustomer } from './customers.mapper.ts';
import {
  creditRepository,
  customersRepository as repo,
  type CustomerInput,
  type CustomerRow,
} from './customers.repository.ts';

const m = messages.customers.server;
/** Buy orders and orders a customer's page lists, newest first. */
const HISTORY_LIMIT = 200;

/** What the audit log keeps of a customer: who they are, never the balance (the ledger has it). */
const auditDetail = (row: CustomerRow) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  notes: row.notes,
  // Said only when so, so an entry of a customer who pays tax reads as before (issue 44).
  ...(row.tax_exempt === 1 ? { tax_exempt: true } : {}),
});

const payoutOf = (payout: string | null): 'cash' | 'credit' | null =>
  payout === 'cash' ? 'cash' : payout === 'credit' ? 'credit' : null;

/** The customer of the shop, or a 404. */
async function customerOf(db: Executor, shopId: number, id: number) {
  const row = await repo.find(db, shopId, id);
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/** A second customer with the same e-mail or phone, which the unique indexes refuse, as the 409 it is. */
async function refuseClash(tx: Tx, shopId: number, input: CustomerInput, exceptId?: number) {
  const field = await repo.clash(tx, shopId, input, exceptId);
  if (field) throw new AppError('CONFLICT', m.duplicate(field));
}

/**
 * A shop's customers and their store credit. The ledger is append-only and every movement is audited in the same
 * transaction through one door (credit-ledger.ts); the balance is the ledger's sum and the guarded update in
 * `creditRepository.append` keeps it ≥ 0.
 */
export function createCustomersService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();

  /** Writes a customer; two writers racing to the same e-mail or phone: the loser hears 409, not 500. */
  async function saving<T>(input: CustomerInput, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await withTransaction(ctx.db, work);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('CONFLICT', m.duplicate(input.email.trim() ? 'email' : 'phone'));
      throw err;
    }
  }

  return {
    async search(actor: Actor, input: { q: string; page: number }) {
      const { shopId } = requireRole(actor, 'customers:view');
      const [rows, total] = await Promise.all([
        repo.page(ctx.db, shopId, input.q, input.page, CUSTOMERS_PAGE_SIZE),
        repo.count(ctx.db, shopId, input.q),
      ]);
      return {
        success: true as const,
        data: {
          customers: rows.map(toCustomer),
          total,
          page: input.page,
          total_pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
        },
      };
    },

    async get(actor: Actor, customerId: number) {
      const { shopId } = requireRole(actor, 'customers:view');
      const customer = await customerOf(ctx.db, shopId, customerId);
      const [ledger, buys, orders] = await Promise.all([
        creditRepository.entries(ctx.db, shopId, customerId, CUSTOMER_LEDGER_LIMIT),
        repo.buyOrdersOf(ctx.db, shopId, customerId, HISTORY_LIMIT),
        repo.ordersOf(ctx.db, shopId, customerId, HISTORY_LIMIT),
      ]);
      return {
        success: true as const,
        data: {
          customer: toCustomer(customer),
          ledger: ledger.map(toCreditEntry),
          buy_orders: buys.map((b) => ({
            buy_number: b.buy_number,
            status: b.status,
            payout: payoutOf(b.payout),
            total: centsToDollars(b.status === 'accepted' ? (b.paid_cents ?? 0) : Number(b.offered_cents ?? 0)),
            timestamp: b.created_at,
          })),
          orders: orders.map((o) => ({
            order_number: o.order_number,
            status: o.status,
            total: centsToDollars(o.total_cents),
            store_credit: centsToDollars(o.store_credit_cents),
            timestamp: o.created_at,
          })),
        },
      };
    },

    async create(actor: Actor, input: CustomerInput) {
      const { shopId, email } = requireRole(actor, 'customers:edit');
      const row = await saving(input, async (tx) => {
        await refuseClash(tx, shopId, input);
        const at = now();
        const saved = await repo.insert(tx, shopId, input, at);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'customer.create',
          subject: String(saved.id),
          detail: auditDetail(saved),
          created_at: at,
        });
        return saved;
      });
      return { message: m.created(row.name), customer: toCustomer(row) };
    },

    async update(actor: Actor, customerId: number, input: CustomerInput) {
      const { shopId, email } = requireRole(actor, 'customers:edit');
      const row = await saving(input, async (tx) => {
        const before = await customerOf(tx, shopId, customerId);
        await refuseClash(tx, shopId, input, customerId);
        const at = now();
        // Notes left out of the request stay as they were.
        const after = await repo.update(tx, shopId, customerId, { ...input, notes: input.notes ?? before.notes }, at);
        if (!after) throw new AppError('NOT_FOUND', m.notFound);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'customer.update',
          subject: String(customerId),
          detail: { before: auditDetail(before), after: auditDetail(after) },
          created_at: at,
        });
        return after;
      });
      return { message: m.updated(row.name), customer: toCustomer(row) };
    },

    /** A movement by hand, with its reason (Owner or Manager); one that would take the balance below 0 is a 409. */
    async adjust(actor: Actor, input: { customer_id: number; amount: number; reason: string }) {
      const { shopId, email } = requireRole(actor, 'customers:adjust');
      const amountCents = dollarsToCents(input.amount);
      const row = await withTransaction(ctx.db, async (tx) => {
        const customer = await customerOf(tx, shopId, input.customer_id);
        const at = now();
        const balance = await appendCredit(
          tx,
          { shopId, customerId: customer.id, kind: 'adjustment', amountCents, reason: input.reason, actor: email, at },
          {
            event: (after) => ({
              action: 'credit.adjust',
              detail: {
                name: customer.name,
                amount: input.amount,
                reason: input.reason,
                balance: centsToDollars(after),
              },
            }),
          },
        );
        if (balance === undefined) {
          // Read again: another movement may have landed since the first read.
          const current = await customerOf(tx, shopId, customer.id);
          throw new AppError('CONFLICT', m.wouldGoNegative(current.balance_cents));
        }
        return { ...customer, balance_cents: balance };
      });
      return { message: m.adjusted(row.name, row.balance_cents), customer: toCustomer(row) };
    },
  };
}
