import {
  sealedCategories,
  type SealedCategory,
  type SealedItem,
  centsToDollars,
  dollarsToCents,
} from '@cardstock/contract';
import type { SealedRow, SealedValues } from './sealed.repository.ts';

const asCategory = (c: string): SealedCategory =>
  sealedCategories.includes(c as SealedCategory) ? (c as SealedCategory) : 'Other';

/** A stored product as the wire shows it: dollars, and null for "no set". */
export function toSealedItem(row: SealedRow): SealedItem {
  return {
    id: row.id,
    name: row.name,
    category: asCategory(row.category),
    set_code: row.set_code === '' ? null : row.set_code,
    price: centsToDollars(row.price),
    quantity: row.quantity,
    updated_at: row.updated_at,
    upc: row.upc ?? null,
    location: row.location ?? '',
  };
}

/** A validated request as stored: cents, and '' for "no set" so the unique key holds. */
export function toSealedValues(input: {
  name: string;
  category: SealedCategory;
  set_code: string | null;
  price: number;
  quantity: number;
  upc?: string | null;
  location?: string | null;
}): SealedValues {
  return {
    name: input.name,
    category: input.category,
    set_code: input.set_code ?? '',
    // The schema already refused fractions of a cent, so rounding only drops float noise.
    price: dollarsToCents(input.price),
    quantity: input.quantity,
    // Left out: the product keeps its UPC/EAN (the repository writes none).
    ...(input.upc === undefined ? {} : { upc: input.upc }),
    ...(input.location === undefined ? {} : { location: input.location }),
  };
}

/** What the audit log keeps of a product: enough to tell what it was without the row. */
export const auditDetail = (row: SealedRow) => ({
  name: row.name,
  category: row.category,
  set_code: row.set_code,
  price: row.price,
  quantity: row.quantity,
  ...(row.upc ? { upc: row.upc } : {}),
  ...(row.location ? { location: row.location } : {}),
});
