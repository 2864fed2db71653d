import { dollarsToCents, drawerMessages, type DrawerHandMove } from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Executor } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { recordCashMove } from './cash-moves.ts';
import { drawerRepository as repo, type DrawerRow } from './drawer.repository.ts';
import { centsOf, toDrawer, toZReport } from './drawer-presenter.ts';

const said = drawerMessages.server;

/**
 * The cash drawer (issue 44, decision 038): a person opens theirs with a float, the register's cash moves it
 * (`cash-moves.ts`), and they close it with the cash counted, which gives its Z report; the report can be read again.
 */
export function drawerUseCases(ctx: AppContext) {
  /** An open drawer with its expected cash so far (the sum of its ledger; a closed one's is frozen on its row). */
  const withExpected = async (db: Executor, drawer: DrawerRow): Promise<DrawerRow> =>
    drawer.closed_at === null ? { ...drawer, expected_cents: await repo.expectedOf(db, drawer.id) } : drawer;

  /** A drawer's Z report from what is stored. */
  async function reportOf(db: Executor, drawer: DrawerRow, message: string) {
    const [moves, sales, tenders] = await Promise.all([
      repo.movesByKind(db, drawer.id),
      repo.salesOf(db, drawer.id),
      repo.tendersOf(db, drawer.id),
    ]);
    return toZReport(message, {
      drawer,
      moves: Object.fromEntries(moves.map((m) => [m.kind, centsOf(m.cents)])),
      sales: {
        count: centsOf(sales.count),
        subtotal: centsOf(sales.subtotal),
        discount: centsOf(sales.discount),
        tax: centsOf(sales.tax),
        total: centsOf(sales.total),
        change: centsOf(sales.change),
      },
      tenders: Object.fromEntries(tenders.map((t) => [t.kind, centsOf(t.cents)])),
    });
  }

  return {
    /** Opens the caller's drawer with a float; a second open drawer of theirs in this shop is 409. */
    async open(actor: Actor, input: { float: number }) {
      const { shopId, userId, email } = requireRole(actor, 'register:drawer');
      const floatCents = dollarsToCents(input.float);
      const at = ctx.clock.now().toISOString();
      try {
        const drawer = await withTransaction(ctx.db, async (tx) => {
          const open = await repo.openOf(tx, shopId, userId);
          if (open) throw new AppError('CONFLICT', said.alreadyOpen(open.opened_at));
          const id = await repo.insert(tx, {
            shop_id: shopId,
            opened_by_user_id: userId,
            opened_by: email,
            opened_at: at,
            float_cents: floatCents,
            // The float comes in as the ledger's first movement, as any cash does.
            expected_cents: 0,
          });
          await recordCashMove(tx, { id, shop_id: shopId, engine: ctx.engine }, 'float', floatCents, '', at);
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'register.drawer_open',
            subject: String(id),
            detail: { drawer_id: id, float_cents: floatCents },
            created_at: at,
          });
          return withExpected(tx, (await repo.byId(tx, shopId, id))!);
        });
        return { message: said.opened(floatCents), drawer: toDrawer(drawer) };
      } catch (err) {
        // Two opens at once: the partial unique index let one in.
        if (isUniqueViolation(err)) {
          const open = await repo.openOf(ctx.db, shopId, userId);
          throw new AppError('CONFLICT', said.alreadyOpen(open?.opened_at ?? at));
        }
        throw err;
      }
    },

    /** Closes the caller's open drawer with the cash counted: its Z report. No open drawer: 409 `DRAWER_CLOSED`. */
    async close(actor: Actor, input: { counted: number }) {
      const { shopId, userId, email } = requireRole(actor, 'register:drawer');
      const countedCents = dollarsToCents(input.counted);
      const at = ctx.clock.now().toISOString();
      return withTransaction(ctx.db, async (tx) => {
        const open = await repo.openOf(tx, shopId, userId);
        // Held, the drawer's sales and movements mid-way are waited for and then counted; later ones find it closed.
        if (!open || !(await repo.lockOpen(tx, ctx.engine, open.id)))
          throw new AppError('DRAWER_CLOSED', said.noneOpen);
        const closed = { expected_cents: await repo.expectedOf(tx, open.id) };
        await repo.close(tx, open.id, { closed_by: email, closed_at: at, counted_cents: countedCents, ...closed });
        const overShort = countedCents - closed.expected_cents;
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'register.drawer_close',
          subject: String(open.id),
          detail: {
            drawer_id: open.id,
            expected_cents: closed.expected_cents,
            counted_cents: countedCents,
            over_short_cents: overShort,
          },
          created_at: at,
        });
        const drawer = (await repo.byId(tx, shopId, open.id))!;
        return reportOf(tx, drawer, said.closedWith(overShort));
      });
    },

    /**
     * Cash put into or taken out of the caller's open drawer by hand (paid in / paid out), the reason kept on the
     * movement. No open drawer: 409 `DRAWER_CLOSED`; a paid out of more than the drawer should hold: 409.
     */
    async move(actor: Actor, input: { kind: DrawerHandMove; amount: number; reason: string }) {
      const { shopId, userId, email } = requireRole(actor, 'register:drawer');
      const cents = dollarsToCents(input.amount);
      const at = ctx.clock.now().toISOString();
      return withTransaction(ctx.db, async (tx) => {
        const open = await repo.openOf(tx, shopId, userId);
        if (!open) throw new AppError('DRAWER_CLOSED', said.noneOpen);
        const out = input.kind === 'paid_out';
        // A paid out holds the drawer first: two sent at once never take more than it has between them.
        if (out && !(await repo.lockOpen(tx, ctx.engine, open.id))) throw new AppError('DRAWER_CLOSED', said.noneOpen);
        await recordCashMove(tx, { ...open, engine: ctx.engine }, input.kind, out ? -cents : cents, input.reason, at);
        // The refusal rolls this one back.
        const drawer = await withExpected(tx, open);
        if (out && drawer.expected_cents < 0)
          throw new AppError('CONFLICT', said.paidOutTooMuch(drawer.expected_cents + cents));
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'register.drawer_move',
          subject: String(open.id),
          detail: { drawer_id: open.id, kind: input.kind, amount_cents: cents, reason: input.reason },
          created_at: at,
        });
        const message = out ? said.paidOut(cents, input.reason) : said.paidIn(cents, input.reason);
        return { message, drawer: toDrawer(drawer) };
      });
    },

    /** The caller's open drawer with its expected cash so far, or null. */
    async current(actor: Actor) {
      const { shopId, userId } = requireRole(actor, 'register:drawer');
      const open = await repo.openOf(ctx.db, shopId, userId);
      return { drawer: open ? toDrawer(await withExpected(ctx.db, open)) : null };
    },

    /** A closed drawer's Z report again: for an Owner or a Manager, or whoever had it (and closed it). */
    async report(actor: Actor, input: { drawer_id: number }) {
      const { shopId, userId, role } = requireRole(actor, 'register:drawer');
      const drawer = await repo.byId(ctx.db, shopId, input.drawer_id);
      if (!drawer || drawer.closed_at === null) throw new AppError('NOT_FOUND', said.notFound);
      if (role !== 'Owner' && role !== 'Manager' && drawer.opened_by_user_id !== userId)
        throw new AppError('FORBIDDEN', said.notYours);
      return reportOf(ctx.db, drawer, said.report);
    },
  };
}
