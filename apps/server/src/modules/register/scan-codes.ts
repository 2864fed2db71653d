import {
  finishes,
  languageNames,
  messages,
  pricingRuleOf,
  qualities,
  readScanCode,
  ZCartLine,
  type CartLine,
  type CodeLine,
  type Finish,
  type Language,
  type RegisterLookupResponse,
  type SaleItem,
} from '@cardstock/contract';
import type { Executor } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { inventoryRepository } from '../inventory/inventory.repository.ts';
import { toSearchHit } from '../inventory/inventory.mapper.ts';
import { toSealedItem } from '../sealed/sealed.mapper.ts';
import { scannedStock, type ScannedStock } from '../inventory/scanned-stock.ts';
import { codesRepository as repo, type StockOfPrinting } from './codes.repository.ts';

const said = messages.registerServer;

type Printing = NonNullable<Awaited<ReturnType<typeof repo.printingById>>>;

/**
 * What a code names in a shop: one of its stock rows (a label), one of its sealed products, or a printing of the
 * catalog; undefined: nothing.
 */
type Named = ScannedStock | { kind: 'single'; printing: Printing } | undefined;

/**
 * What a scanned code names (the contract's `readScanCode`): one of the shop's stock rows by its label code, a UPC/EAN
 * of one of the shop's sealed products (in any of its forms), a printing by its set code and collector number, or by
 * its Scryfall id.
 */
async function named(db: Executor, shopId: number, code: string): Promise<Named> {
  const read = readScanCode(code);
  if (!read) return undefined;
  switch (read.kind) {
    case 'label':
    case 'gtin':
      return scannedStock(db, shopId, read);
    case 'set_number': {
      const printing = await repo.printingBySetNumber(db, read.set_code, read.collector_number);
      return printing && { kind: 'single', printing };
    }
    case 'scryfall_id': {
      const printing = await repo.printingById(db, read.scryfall_id);
      return printing && { kind: 'single', printing };
    }
  }
}

const rank = <T>(list: readonly T[], value: unknown) => {
  const at = list.indexOf(value as T);
  return at < 0 ? list.length : at;
};

/** Finish as the catalog lists them, English before other languages, then the best condition first (as orders take). */
function inShelfOrder(a: StockOfPrinting, b: StockOfPrinting) {
  return (
    rank(finishes, a.finish) - rank(finishes, b.finish) ||
    Number(a.language !== 'en') - Number(b.language !== 'en') ||
    a.language.localeCompare(b.language) ||
    rank(qualities, a.quality) - rank(qualities, b.quality) ||
    a.signed - b.signed ||
    a.altered - b.altered ||
    a.id - b.id
  );
}

/** "nonfoil and foil", "English and Japanese", "nonfoil English, foil English and foil Japanese". */
function waysText(ways: { finish: string; language: string }[]): string {
  const oneLanguage = new Set(ways.map((w) => w.language)).size === 1;
  const oneFinish = new Set(ways.map((w) => w.finish)).size === 1;
  const words = ways.map((w) => {
    const language = languageNames[w.language as Language] ?? w.language;
    return oneLanguage ? w.finish : oneFinish ? language : `${w.finish} ${language}`;
  });
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}

/** A code line that cannot become a cart line: the refusal's code, and its sentence. */
interface CodeProblem {
  code: 'UNKNOWN_CODE' | 'AMBIGUOUS_CODE';
  text: string;
}

/**
 * A code line as a cart line, or why not. A sealed product's code is that product. A printing's is its copies in the
 * shop's one finish and language in stock (unsigned, unaltered: flagged copies are chosen on the screen), the best
 * condition first as orders take; several finishes or languages are the screen's to choose. A printing the shop has
 * none of becomes a line the stock then refuses as any sold-out line (OUT_OF_STOCK).
 */
async function cartLineOf(db: Executor, shopId: number, line: CodeLine): Promise<CartLine | CodeProblem> {
  const what = await named(db, shopId, line.code);
  if (!what) return { code: 'UNKNOWN_CODE', text: said.unknownCode(line.code) };
  if (what.kind === 'sealed') return ZCartLine.parse({ sealed_id: what.product.id, quantity: line.quantity });
  // A label is that one row: its finish, condition, language and flags.
  if (what.kind === 'row')
    return ZCartLine.parse({
      scryfall_id: what.row.card_id,
      finish: what.row.finish,
      quality: what.row.quality,
      language: what.row.language,
      signed: what.row.signed === 1,
      altered: what.row.altered === 1,
      quantity: line.quantity,
    });
  const { printing } = what;
  const rows = (await repo.inStock(db, shopId, printing.id)).sort(inShelfOrder);
  const plain = rows.filter((r) => r.signed === 0 && r.altered === 0);
  const ways: { finish: string; language: string }[] = [];
  for (const r of plain)
    if (!ways.some((w) => w.finish === r.finish && w.language === r.language))
      ways.push({ finish: r.finish, language: r.language });
  if (ways.length > 1) return { code: 'AMBIGUOUS_CODE', text: said.ambiguousCode(line.code, waysText(ways)) };
  if (ways.length === 0 && rows.length > 0)
    return { code: 'AMBIGUOUS_CODE', text: said.ambiguousCode(line.code, 'signed or altered copies only') };
  const finish = (ways[0]?.finish ?? printing.finishes.split(',').find(Boolean) ?? 'nonfoil') as Finish;
  return ZCartLine.parse({
    scryfall_id: printing.id,
    finish,
    language: ways[0]?.language ?? 'en',
    quantity: line.quantity,
  });
}

/**
 * A sale's items as cart lines, in the sale's transaction (`db`): code lines resolved, the others as sent. Every line
 * that cannot be resolved is named (`items.N`); the refusal takes the code of the first.
 */
export async function resolveSaleItems(db: Executor, shopId: number, items: SaleItem[]): Promise<CartLine[]> {
  const lines: CartLine[] = [];
  const problems: (CodeProblem & { position: number })[] = [];
  for (const [position, item] of items.entries()) {
    if (!('code' in item)) {
      lines.push(item);
      continue;
    }
    const resolved = await cartLineOf(db, shopId, item);
    if ('text' in resolved) problems.push({ ...resolved, position });
    else lines.push(resolved);
  }
  if (problems.length)
    throw new AppError(problems[0]!.code, problems.map((p) => p.text).join(' '), {
      errors: problems.map((p) => ({ field: `items.${p.position}`, message: p.text })),
    });
  return lines;
}

/** Whether a sale's items hold a scanned code (then they are resolved in its transaction). */
export const hasCodeLines = (items: SaleItem[]) => items.some((item) => 'code' in item);

/**
 * What a scanned code names and the shop's stock of it (issue 44): a printing's rows with copies, in the shape of the
 * shop search's hits so the screen adds that exact row; a sealed product as the sealed list answers it. An unknown
 * code is 404 UNKNOWN_CODE; a known printing the shop has none of answers empty matches.
 */
export function lookupCode(ctx: AppContext) {
  return async function lookup(actor: Actor, input: { code: string }): Promise<RegisterLookupResponse> {
    const { shopId } = requireRole(actor, 'register:sell');
    const what = await named(ctx.db, shopId, input.code);
    if (!what) throw new AppError('UNKNOWN_CODE', said.unknownCode(input.code));
    if (what.kind === 'sealed')
      return {
        code: input.code,
        kind: 'sealed',
        name: what.product.name,
        matches: what.product.quantity > 0 ? [toSealedItem(what.product)] : [],
      };
    if (what.kind === 'row') {
      const { row } = what;
      const rule = pricingRuleOf(await inventoryRepository.pricingOf(ctx.db, shopId));
      return {
        code: input.code,
        kind: 'single',
        name: row.name,
        scryfall_id: row.card_id,
        set_code: row.set_code,
        collector_number: row.collector_number,
        matches: row.quantity > 0 ? [toSearchHit(row, rule)] : [],
      };
    }
    const { printing } = what;
    const stock = (await repo.inStock(ctx.db, shopId, printing.id)).sort(inShelfOrder);
    const [rows, pricing] = await Promise.all([
      stock.length
        ? inventoryRepository.rowsByIds(
            ctx.db,
            shopId,
            stock.map((r) => r.id),
          )
        : [],
      inventoryRepository.pricingOf(ctx.db, shopId),
    ]);
    const rule = pricingRuleOf(pricing);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return {
      code: input.code,
      kind: 'single',
      name: printing.name,
      scryfall_id: printing.id,
      set_code: printing.set_code,
      collector_number: printing.collector_number,
      matches: stock.flatMap((s) => {
        const row = byId.get(s.id);
        return row ? [toSearchHit(row, rule)] : [];
      }),
    };
  };
}
