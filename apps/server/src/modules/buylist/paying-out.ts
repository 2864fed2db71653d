import { messages } from '@cardstock/contract';
import type { Engine, Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { buylistRepository as repo, EMPLOYEE_LIMIT_WINDOW_MS } from './buylist.repository.ts';

/*
 * What every payout for bought cards shares, whether a buy order is accepted on the Buylist screen or cards are traded
 * in at the register: an Employee's limit, and the bought copies into the shop's stock.
 */

const server = messages.buylist.server;

/**
 * An Employee pays out at most the shop's limit at once, and over the last 24 hours at most that much in all and to
 * one customer (issue 38): summed while no other Employee payout of the shop can commit, so two at once never both
 * fit under a limit together they pass. `exceptId` is the buy order being paid (not counted twice); `null` for none
 * yet. Owners and Managers are not limited.
 */
export async function requireWithinEmployeeLimit(
  tx: Tx,
  engine: Engine,
  payer: { shopId: number; email: string; role: string; customerId: number | null; exceptId: number | null },
  totalCents: number,
  limitCents: number,
  at: string,
): Promise<void> {
  if (payer.role !== 'Employee') return;
  if (totalCents > limitCents) throw new AppError('FORBIDDEN', server.overLimit(limitCents));
  await repo.lockEmployeeAccepts(tx, payer.shopId, engine);
  const since = new Date(Date.parse(at) - EMPLOYEE_LIMIT_WINDOW_MS).toISOString();
  const before = await repo.employeePaidSince(
    tx,
    payer.shopId,
    since,
    payer.exceptId ?? -1,
    payer.email,
    payer.customerId,
  );
  if (before.byEmployee + totalCents > limitCents)
    throw new AppError('FORBIDDEN', server.overDailyLimit(limitCents, before.byEmployee));
  if (before.toCustomer + totalCents > limitCents)
    throw new AppError('FORBIDDEN', server.overCustomerDailyLimit(limitCents, before.toCustomer));
}

/** Copies bought of one line: its printing, finish, condition and language, how many, and what one cost. */
export interface BoughtCopies {
  card_id: string;
  card_name: string;
  set_code: string;
  finish: string;
  quality: string;
  language: string;
  quantity: number;
  cost_cents: number;
}

/**
 * Bought copies into the shop's stock, through the inventory's one door (`addBought`, which averages each row's cost
 * per copy with what was paid), sorted by each printing's name as the catalog keeps it.
 */
export async function buyIntoStock(
  tx: Tx,
  writes: StockWrites,
  shopId: number,
  bought: readonly BoughtCopies[],
  at: string,
): Promise<void> {
  const sortNames = new Map(
    (
      await repo.cardsByIds(
        tx,
        bought.map((b) => b.card_id),
      )
    ).map((c) => [c.id, c.sort_name]),
  );
  await writes.addBought(
    tx,
    shopId,
    bought.map((b) => ({
      card_id: b.card_id,
      finish: b.finish,
      quality: b.quality,
      language: b.language,
      quantity: b.quantity,
      sort_name: sortNames.get(b.card_id) ?? normalizeName(b.card_name),
      set_code: b.set_code,
      cost_cents: b.cost_cents,
    })),
    at,
  );
}
