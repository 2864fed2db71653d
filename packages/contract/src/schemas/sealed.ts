import { z } from 'zod';
import { sealedCategories, sealedLimits } from '../constants.ts';
import { messages } from '../messages.ts';
import { wholeCents } from '../money.ts';
import { gtinOf } from '../scan-code.ts';
import { ZSessionToken } from './auth.ts';
import { ZLocation, ZPageText } from './inventory.ts';

const m = messages.sealed;

const ZSealedName = z
  .string({ error: (i) => (i.input === undefined ? m.nameRequired : 'Name must be text.') })
  .trim()
  .min(1, m.nameRequired)
  .max(sealedLimits.nameMaxLength, m.nameTooLong)
  .describe('The product as the shop sells it, e.g. "Bloomburrow Play Booster Box"');

const ZSealedCategory = z.enum(sealedCategories, m.categoryInvalid);

/** A set code as typed: trimmed and lower-cased; blank or null means the product belongs to no set. */
const ZSetCodeText = z
  .string({ error: (i) => (i.input === undefined ? m.setCodeRequired : m.setCodeText) })
  .trim()
  .toLowerCase()
  .max(sealedLimits.setCodeMaxLength, m.setCodeTooLong)
  .nullable()
  .transform((v) => v || null)
  .describe('Set code, e.g. "blb"; "" or null for none');

const ZPriceDollars = z
  .number({ error: (i) => (i.input === undefined ? m.priceRequired : m.priceInvalid) })
  .min(0, m.priceNegative)
  .max(sealedLimits.maxPriceDollars, m.priceTooHigh)
  .refine((v) => wholeCents(v) !== null, m.priceCents)
  // 1e-9 is a whole number of cents (0) but not 0: it would be stored as $0 while the shop meant a price.
  .refine((v) => v <= 0 || wholeCents(v) === null || wholeCents(v)! >= 1, m.priceUnderCent)
  .describe('Dollars, at most 2 decimals (stored as cents); 0: not for sale until priced');

/**
 * A UPC/EAN as typed or scanned: 8, 12, 13 or 14 digits with a valid check digit, spaces and dashes ignored, kept as
 * digits; "" or null clears it.
 */
const ZUpc = z
  .string({ error: m.upcText })
  .trim()
  .max(40, m.upcInvalid)
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const gtin = gtinOf(v);
    if (gtin === null) {
      ctx.addIssue({ code: 'custom', message: m.upcInvalid });
      return z.NEVER;
    }
    return gtin;
  })
  .describe('The product’s UPC/EAN barcode (digits; spaces and dashes ignored), unique in the shop; "" or null: none');

const ZSealedQuantity = z
  .number({ error: (i) => (i.input === undefined ? m.quantityRequired : m.quantityInvalid) })
  .int(m.quantityInvalid)
  .min(0, m.quantityNegative)
  .max(sealedLimits.maxQuantity, m.quantityTooHigh);

const ZSealedId = z
  .number({ error: m.idInvalid })
  .int(m.idInvalid)
  .min(1, m.idInvalid)
  .max(2_147_483_647, m.idInvalid)
  .describe('The id of the sealed product, as the list answers it');

export const ZSealedListRequest = z.object({
  token: ZSessionToken,
  page: ZPageText,
  filter: z
    .string({ error: 'filter must be text.' })
    .trim()
    .max(200, 'filter must be at most 200 characters.')
    .optional()
    .default('')
    .describe('Part of the name, category or set code, in any case'),
});

export const ZSealedAddRequest = z.object({
  token: ZSessionToken,
  name: ZSealedName,
  category: ZSealedCategory,
  set_code: ZSetCodeText.optional().transform((v) => v ?? null),
  price: ZPriceDollars,
  quantity: ZSealedQuantity.describe('Copies to add; the same name, category and set adds to the existing product'),
  upc: ZUpc.optional().describe('The product’s UPC/EAN; left out, an existing product keeps its own'),
  location: ZLocation.optional().describe('Where the boxes are kept; left out, an existing product keeps its own'),
});

/** Edit replaces every field, so a client cannot clear the set code by leaving it out. */
export const ZSealedEditRequest = z.object({
  token: ZSessionToken,
  id: ZSealedId,
  name: ZSealedName,
  category: ZSealedCategory,
  set_code: ZSetCodeText,
  price: ZPriceDollars,
  quantity: ZSealedQuantity.describe('The new quantity (0 keeps the product, out of stock)'),
  upc: ZUpc.optional().describe('The product’s UPC/EAN; "" or null clears it, left out it stays as it is'),
  location: ZLocation.optional().describe('Where the boxes are kept; "" or null clears it, left out it stays'),
});

export const ZSealedDeleteRequest = z.object({ token: ZSessionToken, id: ZSealedId });

/** One sealed product of a shop. */
export const ZSealedItem = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(sealedCategories),
  set_code: z.string().nullable().describe('Lower-case set code, or null for none'),
  price: z.number().describe('Dollars'),
  quantity: z.number().int(),
  updated_at: z.string().describe('ISO-8601, UTC'),
  upc: z.string().nullable().describe('The product’s UPC/EAN (digits), or null for none'),
  location: z.string().describe('Where the boxes are kept, e.g. "Shelf B"; "" when nowhere said (issue 41)'),
});
export type SealedItem = z.infer<typeof ZSealedItem>;

export const ZSealedListResponse = z.object({
  sealed: z.array(ZSealedItem),
  page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
});

export const ZSealedItemResponse = z.object({ message: z.string(), item: ZSealedItem });
