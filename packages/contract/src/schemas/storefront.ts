import { z } from 'zod';
import { languages, sealedCategories } from '../constants.ts';
import { finishes, ZInventoryRow, ZPageText } from './inventory.ts';

/** Cards per storefront page: 60 fills whole rows at 1, 2, 3, 4 and 5 columns. */
export const STOREFRONT_PAGE_SIZE = 60;

export const ZPublicInventoryRequest = z.object({
  subdomain: z
    .string({ error: 'No subdomain specified' })
    .trim()
    .toLowerCase()
    .min(1, 'No subdomain specified')
    .max(63, 'No subdomain specified'),
  page: ZPageText,
});

/** A card on a shop's public page (spec 001 §3 public shop response). */
export const ZPublicInventoryItem = z.object({
  id: z.number().int(),
  card_name: z.string(),
  card_scryfallid: z.string(),
  image_url: z.string().nullable(),
  card_manaCost: z.string().nullable(),
  card_setCode: z.string(),
  price: z.number().nullable().describe('Dollars, from the shop’s pricing rule or asking price'),
  inv_quantity: z.number().int(),
  inv_finish: z.enum(finishes),
  inv_language: z.enum(languages).describe('The copies’ language, Scryfall’s code'),
  inv_signed: z.boolean().describe('Signed copies'),
  inv_altered: z.boolean().describe('Altered copies'),
});

export const ZPublicInventoryResponse = z.object({
  inventory: z.array(ZPublicInventoryItem),
  shop_info: z.object({ shop_description: z.string() }),
  shop_name: z.string(),
  total_pages: z.number().int(),
  page: z.number().int(),
  message: z.string(),
});

/** Most sealed products a storefront lists (in stock, name order). */
export const STOREFRONT_SEALED_LIMIT = 200;

export const ZPublicSealedRequest = ZPublicInventoryRequest.pick({ subdomain: true });

/** A sealed product on a shop's public page: what it is, what it costs, how many are left. */
export const ZPublicSealedItem = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(sealedCategories),
  set_code: z.string().nullable().describe('Upper-case set code, or null for none'),
  price: z.number().nullable().describe('Dollars; null when the shop has not priced it yet ($0)'),
  quantity: z.number().int(),
});

export const ZPublicSealedResponse = z.object({ sealed: z.array(ZPublicSealedItem) });

/** The demo shop page's call (spec 001 §7): a public shop by name, one page, optionally filtered. */
export const ZShopWebsiteRequest = z.object({
  shopname: z
    .string({ error: 'shopname is required.' })
    .trim()
    .min(1, 'shopname is required.')
    .max(200, 'shopname must be at most 200 characters.'),
  page: ZPageText,
  filter: z
    .string({ error: 'filter must be text.' })
    .max(200, 'filter must be at most 200 characters.')
    .optional()
    .default(''),
});

export const ZShopWebsiteResponse = z.object({
  inventory: z.array(ZInventoryRow),
  shop_name: z.string(),
  total_pages: z.number().int(),
  page: z.number().int(),
});
