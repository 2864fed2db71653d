import { marketPriceOf, messages, priceCents, qualityOf, type CartLine, type PricingRule } from '@cardstock/contract';
import type { Executor, Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { ordersRepository as repo, type OrderLineRow } from './orders.repository.ts';

/* What an order takes from the shop's stock when it is placed, and gives back when it is rejected, expires or is not
   picked up. */

/** A cart line the shelf cannot fill: its place in the cart and the sentence that says why. */
interface Shortage {
  position: number;
  text: string;
}

/**
 * A refusal that names each card short of stock and how many are left: the sentences in the cart's order, and each
 * line as `items.N` in `errors`, so a cart marks its own lines without reading the sentence.
 */
class NotEnoughStock extends AppError {
  constructor(shortages: Shortage[]) {
    const inOrder = [...shortages].sort((a, b) => a.position - b.position);
    super('OUT_OF_STOCK', inOrder.map((s) => s.text).join(' '), {
      errors: inOrder.map((s) => ({ field: `items.${s.position}`, message: s.text })),
    });
  }
}

/** A cart line that names a printing. */
type CardLine = CartLine & { scryfall_id: string };

/**
 * Lines of the same printing, finish, language, flags and condition add up, as a cart merges
 * them; so do lines of the same sealed product. They come out in one order for
 * every cart (printings by id, finish and condition, then sealed products by
 * id), so concurrent orders lock stock rows in the same order and never wait on
 * each other in a circle; rejecting gives back in that order too.
 */
function mergeLines(items: CartLine[]) {
  const cards = new Map<string, CardLine & { position: number }>();
  const sealed = new Map<number, { sealed_id: number; quantity: number; position: number }>();
  items.forEach((item, position) => {
    if (item.sealed_id !== undefined) {
      const prev = sealed.get(item.sealed_id);
      sealed.set(item.sealed_id, {
        sealed_id: item.sealed_id,
        quantity: (prev?.quantity ?? 0) + item.quantity,
        position: prev?.position ?? position,
      });
      return;
    }
    const line = item as CardLine;
    const key = `${line.scryfall_id}|${line.finish}|${line.language}|${line.signed}|${line.altered}|${line.quality ?? ''}`;
    const prev = cards.get(key);
    cards.set(key, prev ? { ...prev, quantity: prev.quantity + line.quantity } : { ...line, position });
  });
  return {
    cards: [...cards.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line),
    sealed: [...sealed.values()].sort((a, b) => a.sealed_id - b.sealed_id),
  };
}

/** A cart line after merging: where it first stood in the cart. */
type MergedCard = CardLine & { position: number };

/** The copies of a merged line still to take in this round, and those already taken for it in earlier ones. */
interface Wanted {
  item: MergedCard;
  quantity: number;
  taken: number;
}

type OrderLine = Parameters<typeof repo.insert>[2][number];
type StockRow = Awaited<ReturnType<typeof repo.stockOf>>[number];

/** What a round chose: copies of one row for one line, priced. */
interface Pick {
  wanted: Wanted;
  row: StockRow;
  line: OrderLine;
}

/** Why an order is refused: lines the shelf cannot fill, and cards with no price to sell at, each where it stood. */
interface Refusals {
  shortages: Shortage[];
  unpriced: { position: number; name: string }[];
}

/**
 * How many times a line is planned again when the rows it chose were emptied meanwhile, before it is refused: each
 * round needs another order to commit a take from the same rows between its read and its take.
 */
const ROUNDS = 8;

/**
 * Chooses, for each wanted line, the rows to take from (best condition first) and prices each take by the shop's
 * rule; a line that cannot be filled, or a copy without a price, is added to `refusals` instead.
 */
async function plan(
  tx: Executor,
  shopId: number,
  stock: StockRow[],
  wanted: Wanted[],
  rule: PricingRule,
  refusals: Refusals,
): Promise<Pick[]> {
  const picks: Pick[] = [];
  for (const want of wanted) {
    const { item } = want;
    // The line's rows: its printing, finish, language and flags, and its condition when it names one.
    const rows = stock.filter(
      (row) =>
        row.card_id === item.scryfall_id &&
        row.finish === item.finish &&
        row.language === item.language &&
        Number(row.signed) === Number(item.signed) &&
        Number(row.altered) === Number(item.altered) &&
        (!item.quality || row.quality === item.quality),
    );
    if (rows.length === 0 && want.taken === 0) {
      const card = await repo.cardName(tx, item.scryfall_id);
      refusals.shortages.push({
        position: item.position,
        text: messages.ordersServer.notInInventory(card?.name ?? item.scryfall_id),
      });
      continue;
    }
    const available = rows.reduce((n, r) => n + r.quantity, 0);
    if (available < want.quantity) {
      const name = rows[0]?.name ?? (await repo.cardName(tx, item.scryfall_id))?.name ?? item.scryfall_id;
      refusals.shortages.push({
        position: item.position,
        text: messages.ordersServer.notEnough(name, want.taken + available),
      });
      continue;
    }
    let left = want.quantity;
    for (const row of rows) {
      if (left === 0) break;
      const take = Math.min(left, row.quantity);
      if (take === 0) continue;
      // A later line of the cart that names this row too (one with a condition, one without) sees what is left.
      row.quantity -= take;
      left -= take;
      const quality = qualityOf(row.quality);
      const price = priceCents({
        askingCents: row.asking_price,
        marketCents: marketPriceOf(row, item.finish),
        quality,
        language: item.language,
        rule,
      });
      // Under a cent is no price (an old $0 asking price, a $0 market price): it would sell for $0, as sealed.
      if (price === null || price < 1) {
        if (!refusals.unpriced.some((u) => u.name === row.name))
          refusals.unpriced.push({ position: item.position, name: row.name });
        continue;
      }
      picks.push({
        wanted: want,
        row,
        line: {
          shop_id: shopId,
          inventory_id: row.id,
          card_id: item.scryfall_id,
          card_name: row.name,
          set_code: row.set_code,
          finish: item.finish,
          quality,
          language: item.language,
          signed: Number(item.signed),
          altered: Number(item.altered),
          quantity: take,
          unit_price_cents: price,
          // What a copy of this row cost the shop when it is known (bought from customers): the margin's other half.
          unit_cost_cents: row.cost_cents,
        },
      });
    }
  }
  return picks;
}

/**
 * Takes the copies of the cart's card lines, every row in one statement per round. A row short at the take was
 * emptied by another order that committed after this one read it (PostgreSQL writes side by side; SQLite one at a
 * time, so never there): its copies are planned again, in the same transaction, from what the shop has now (the
 * line's other rows, or what is left on that row); the copies already taken stay taken. The line is refused only when
 * the shop no longer has its copies, or after `ROUNDS` rounds of losing the race.
 */
async function takeCards(
  tx: Executor,
  shopId: number,
  cards: MergedCard[],
  rule: PricingRule,
  at: string,
  taking: ReturnType<StockWrites['taking']>,
  refusals: Refusals,
): Promise<OrderLine[]> {
  // One order line per cart line and row: a row a later round takes from again adds to the line it already has.
  const lines = new Map<string, OrderLine>();
  let wanted: Wanted[] = cards.map((item) => ({ item, quantity: item.quantity, taken: 0 }));
  for (let round = 1; wanted.length; round++) {
    const stock = await repo.stockOf(
      tx,
      shopId,
      wanted.map((w) => w.item.scryfall_id),
    );
    const picks = await plan(tx, shopId, stock, wanted, rule, refusals);
    if (refusals.shortages.length || refusals.unpriced.length) return [...lines.values()];
    const perRow = new Map<number, number>();
    for (const { row, line } of picks) perRow.set(row.id, (perRow.get(row.id) ?? 0) + line.quantity);
    const taken = await taking.takeAll(perRow, at);
    const missing = new Map<Wanted, number>();
    for (const pick of picks) {
      if (!taken.has(pick.row.id)) {
        missing.set(pick.wanted, (missing.get(pick.wanted) ?? 0) + pick.line.quantity);
        continue;
      }
      const key = `${pick.wanted.item.position}|${pick.row.id}`;
      const earlier = lines.get(key);
      lines.set(key, earlier ? { ...earlier, quantity: earlier.quantity + pick.line.quantity } : pick.line);
    }
    wanted = [...missing].map(([want, quantity]) => ({
      item: want.item,
      quantity,
      taken: want.taken + want.quantity - quantity,
    }));
    if (round === ROUNDS && wanted.length) {
      for (const want of wanted)
        refusals.shortages.push({
          position: want.item.position,
          text: messages.ordersServer.notEnough(picks.find((p) => p.wanted.item === want.item)!.row.name, want.taken),
        });
      return [...lines.values()];
    }
  }
  return [...lines.values()];
}

/**
 * Takes every line's copies from the shop's rows (best condition first),
 * priced by the shop's rule as they are now. A copy without a price (422)
 * or any shortage refuses the whole order, naming each card.
 */
export async function reserveStock(
  tx: Executor,
  shopId: number,
  items: CartLine[],
  rule: PricingRule,
  at: string,
  taking: ReturnType<StockWrites['taking']>,
) {
  const refusals: Refusals = { shortages: [], unpriced: [] };
  const { shortages, unpriced } = refusals;
  const merged = mergeLines(items);
  const lines = await takeCards(tx, shopId, merged.cards, rule, at, taking, refusals);
  for (const item of merged.sealed) {
    const product = await sealedRepository.find(tx, shopId, item.sealed_id);
    if (!product) {
      shortages.push({ position: item.position, text: messages.ordersServer.noSuchSealed(item.sealed_id) });
      continue;
    }
    // A product without a price (0) is not for sale, as a card without one.
    if (product.price <= 0) {
      unpriced.push({ position: item.position, name: product.name });
      continue;
    }
    const remaining = await repo.takeSealed(tx, shopId, product.id, item.quantity, at);
    if (remaining === undefined) {
      const left = (await sealedRepository.find(tx, shopId, product.id))?.quantity ?? 0;
      shortages.push({ position: item.position, text: messages.ordersServer.notEnough(product.name, left) });
      continue;
    }
    lines.push({
      shop_id: shopId,
      inventory_id: null,
      sealed_id: product.id,
      card_id: '',
      card_name: product.name,
      set_code: product.set_code,
      finish: 'nonfoil',
      quality: 'NM',
      // Named on every line: a multi-row insert on SQLite writes NULL, not the default, for a missing column.
      language: 'en',
      signed: 0,
      altered: 0,
      quantity: item.quantity,
      unit_price_cents: product.price,
      unit_cost_cents: null,
    });
  }
  // Never a sale at $0: the whole order is refused, nothing reserved (the transaction rolls back).
  if (unpriced.length) {
    const inOrder = unpriced.sort((a, b) => a.position - b.position);
    throw new AppError('NO_PRICE', messages.ordersServer.noPrice(inOrder.map((u) => u.name)), {
      errors: inOrder.map((u) => ({ field: `items.${u.position}`, message: messages.ordersServer.noPrice([u.name]) })),
    });
  }
  if (shortages.length) throw new NotEnoughStock(shortages);
  return lines;
}

/** Puts an order's copies back on sale: the one give-back, which rejecting, expiring and a no-show all use. */
export type GiveBack = (tx: Tx, shopId: number, orderId: number, at: string) => Promise<void>;

/** Copies of an order's lines going back on the shelf: the line and how many of its copies. */
export type GiveBackCopies = (
  tx: Tx,
  shopId: number,
  copies: readonly { line: OrderLineRow; quantity: number }[],
  at: string,
) => Promise<void>;

/**
 * Puts copies of an order's lines back: a printing's on the row they came from or, if the row is gone, on a new
 * one; a sealed product's units on the product (a product removed since has nowhere to take them). A decided order
 * gives back all of its lines; a return at the register (issue 44) some copies of some.
 */
export function stockGiveBackCopies(writes: StockWrites): GiveBackCopies {
  return async function giveBackCopies(tx, shopId, copies, at) {
    for (const { line, quantity } of copies)
      if (line.card_id === '' && line.sealed_id !== null)
        await repo.giveBackSealed(tx, shopId, line.sealed_id, quantity, at);
    await writes.giveBack(
      tx,
      shopId,
      copies.filter(({ line }) => line.card_id !== '').map(({ line, quantity }) => ({ ...line, quantity })),
      at,
    );
  };
}

/** A decided order's copies, every line of it, back on the shelf. */
export function stockGiveBack(writes: StockWrites): GiveBack {
  const giveBackCopies = stockGiveBackCopies(writes);
  return async function giveBack(tx: Tx, shopId: number, orderId: number, at: string) {
    const lines = await repo.linesOf(tx, [orderId]);
    await giveBackCopies(
      tx,
      shopId,
      lines.map((line) => ({ line, quantity: line.quantity })),
      at,
    );
  };
}
