/**
 * Sealed rows of Cardstock's own CSV (`Kind` = `sealed`): a shop-made product (name, category, set, price, quantity)
 * rather than a single. Pure: reads and checks one row against the bounds the sealed forms keep; the import hands the
 * lines to the sealed module, which writes them.
 */
import {
  gtinOf,
  locationMaxLength,
  locationText,
  messages,
  sealedCategories,
  sealedLimits,
  wholeCents,
  type SealedCategory,
} from '@cardstock/contract';

const m = messages.sealed;

/** One sealed product as a Cardstock file's row says it. */
export interface SealedLine {
  /** 1-based line of the row in the file. */
  line: number;
  name: string;
  category: SealedCategory;
  /** Lower-case; '' for a product of no set (as the sealed table keeps it). */
  setCode: string;
  /** Whole number, 0 to {@link sealedLimits.maxQuantity}; 0 only when read to set quantities. */
  quantity: number;
  /** Cents; 0 is "not for sale until priced"; undefined when the cell is empty (the product keeps its price). */
  price?: number;
  /** Its UPC/EAN (digits); undefined when the cell is empty (the product keeps its own). */
  upc?: string;
  /** Where its boxes are kept; undefined when the cell is empty (the product keeps its own). */
  location?: string;
}

/** A sealed row's barcode cell: Cardstock writes `UPC`; spreadsheets also call it `EAN` or `Barcode`. */
const upcCell = (cell: (column: string) => string) => cell('upc') || cell('ean') || cell('barcode');

/** What a `Kind` cell says the row is; undefined for a word that is neither. */
export function rowKind(cell: string): 'single' | 'sealed' | undefined {
  const kind = cell.trim().toLowerCase();
  if (kind === '' || kind === 'single') return 'single';
  if (kind === 'sealed') return 'sealed';
  return undefined;
}

export const kindProblem = (cell: string) => `Kind "${cell}" must be single or sealed.`;

const category = (cell: string): SealedCategory | undefined =>
  sealedCategories.find((c) => c.toLowerCase() === cell.trim().toLowerCase());

const DOLLARS = /^\$?\s*(\d+(?:\.\d+)?)$/;

/**
 * A sealed row's cells (by Cardstock column name) as a line, or the reasons it is refused, all of them. A row of 0
 * is `empty` unless `keepEmpty` (an import that sets quantities: "none left").
 */
export function readSealedRow(
  cell: (column: string) => string,
  line: number,
  keepEmpty: boolean,
): SealedLine | { reasons: string[] } | 'empty' {
  const reasons: string[] = [];
  const name = cell('name');
  if (!name) reasons.push(m.nameRequired);
  else if (name.length > sealedLimits.nameMaxLength) reasons.push(m.nameTooLong);
  const kindOf = category(cell('category'));
  if (!kindOf) reasons.push(cell('category') ? m.categoryInvalid : `Category is required: ${m.categoryInvalid}`);
  const setCode = cell('set code').toLowerCase();
  if (setCode.length > sealedLimits.setCodeMaxLength) reasons.push(m.setCodeTooLong);

  const quantityText = cell('quantity');
  let quantity = 0;
  if (!quantityText) reasons.push(m.quantityRequired);
  else if (!/^\d+$/.test(quantityText)) reasons.push(m.quantityInvalid);
  else if (Number(quantityText) > sealedLimits.maxQuantity) reasons.push(m.quantityTooHigh);
  else quantity = Number(quantityText);

  const priceText = cell('price');
  let price: number | undefined;
  if (priceText) {
    const match = DOLLARS.exec(priceText);
    const cents = match ? wholeCents(Number(match[1])) : null;
    if (!match) reasons.push(`${m.priceInvalid} ("${priceText}")`);
    else if (Number(match[1]) > sealedLimits.maxPriceDollars) reasons.push(m.priceTooHigh);
    else if (cents === null) reasons.push(m.priceCents);
    else price = cents;
  }

  const upcText = upcCell(cell);
  const upc = upcText ? gtinOf(upcText) : undefined;
  if (upc === null) reasons.push(`${m.upcInvalid} ("${upcText}")`);

  const location = locationText(cell('location'));
  if (location.length > locationMaxLength) reasons.push(messages.inventoryServer.locationTooLong(locationMaxLength));

  if (reasons.length) return { reasons };
  if (quantity === 0 && !keepEmpty) return 'empty';
  return {
    line,
    name,
    category: kindOf!,
    setCode,
    quantity,
    ...(price === undefined ? {} : { price }),
    ...(upc ? { upc } : {}),
    ...(location ? { location } : {}),
  };
}
