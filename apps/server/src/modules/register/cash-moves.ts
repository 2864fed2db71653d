import { drawerMessages, type DrawerMoveKind } from '@cardstock/contract';
import type { Engine, Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { drawerRepository as repo } from './drawer.repository.ts';

/** Which way each kind of movement moves the cash: in (float, cash tendered, paid in) or out (the rest). */
const direction: Record<DrawerMoveKind, 1 | -1> = {
  float: 1,
  sale_cash: 1,
  paid_in: 1,
  change: -1,
  payout: -1,
  refund: -1,
  paid_out: -1,
};

/**
 * Records one cash movement in a drawer's ledger, in the caller's transaction: the one way cash enters or leaves a
 * drawer (decision 038), whose expected cash is the sum of its ledger. `cents` is signed, money in positive: a sale's
 * cash tendered is `+`, its change `−`, a cash refund or a trade-in paid in cash `−`. A drawer closed meanwhile
 * refuses the movement (409 `DRAWER_CLOSED`), and with it the whole transaction: the closing counted without it.
 */
export async function recordCashMove(
  tx: Tx,
  drawer: SaleDrawer,
  kind: DrawerMoveKind,
  cents: number,
  reference: string,
  at: string,
): Promise<void> {
  await recordCashMoves(tx, drawer, [{ kind, cents }], reference, at);
}

/**
 * Several movements of one event at once (a sale's cash in and change out), written in one statement. Then the
 * drawer is held open (`holdOpen`): sales share it, so a register's sales never wait on each other for it, while a
 * closing or a paid out waits for them and then counts them.
 */
export async function recordCashMoves(
  tx: Tx,
  drawer: SaleDrawer,
  moves: readonly { kind: DrawerMoveKind; cents: number }[],
  reference: string,
  at: string,
): Promise<void> {
  for (const { kind, cents } of moves)
    if (!Number.isInteger(cents) || cents * direction[kind] < 0)
      throw new Error(`a ${kind} movement is whole cents ${direction[kind] > 0 ? 'in' : 'out'}, not ${cents}`);
  await repo.insertMoves(
    tx,
    moves.map(({ kind, cents }) => ({
      shop_id: drawer.shop_id,
      drawer_id: drawer.id,
      kind,
      amount_cents: cents,
      reference,
      created_at: at,
    })),
  );
  if (!(await repo.holdOpen(tx, drawer.engine, drawer.id)))
    throw new AppError('DRAWER_CLOSED', drawerMessages.server.drawerClosed);
}

/** The drawer a sale is rung up on: its seller's open one. */
export interface SaleDrawer {
  id: number;
  shop_id: number;
  /** How the drawer's row is held in a transaction depends on the database (`holdOpen`). */
  engine: Engine;
}

/**
 * Before a sale takes anything: the seller's open drawer, or undefined; a cash tender without one is refused (409
 * `DRAWER_CLOSED`, decision 038). Card, store credit and other need no drawer.
 */
export async function drawerForSale(
  tx: Tx,
  engine: Engine,
  shopId: number,
  userId: number,
  takesCash: boolean,
): Promise<SaleDrawer | undefined> {
  const drawer = await repo.openOf(tx, shopId, userId);
  if (!drawer && takesCash) throw new AppError('DRAWER_CLOSED', drawerMessages.server.drawerClosed);
  return drawer && { id: drawer.id, shop_id: drawer.shop_id, engine };
}

/**
 * In the sale's transaction, after its row is written: the cash tendered comes into the seller's drawer and the
 * change goes out; the answer is the drawer the sale joins (its Z report counts it, `sales.drawer_id`). A card sale
 * whose drawer closed meanwhile joins none; a cash sale's is refused whole.
 */
export async function ringUpOnDrawer(
  tx: Tx,
  drawer: SaleDrawer,
  sale: {
    saleNumber: string;
    cashTenderedCents: number;
    changeCents: number;
    /** A trade-in paid in cash: out of the drawer. */
    payoutCents?: number;
    at: string;
  },
): Promise<number | undefined> {
  const payout = sale.payoutCents ?? 0;
  const moves = [
    { kind: 'sale_cash' as const, cents: sale.cashTenderedCents },
    { kind: 'change' as const, cents: -sale.changeCents },
    { kind: 'payout' as const, cents: -payout },
  ].filter((m) => m.cents !== 0);
  if (moves.length) await recordCashMoves(tx, drawer, moves, sale.saleNumber, sale.at);
  else if (!(await repo.holdOpen(tx, drawer.engine, drawer.id))) return undefined;
  return drawer.id;
}
