import { z } from 'zod';

const ZRows = z.array(z.record(z.string(), z.unknown()));

/** Everything Cardstock holds about a shop, table by table, secrets (password and token hashes) left out. */
export const ZShopExport = z.object({
  exported_at: z.string(),
  format: z.literal('cardstock-shop-export/1'),
  shop: z.record(z.string(), z.unknown()).optional(),
  users: ZRows,
  team_invitations: ZRows,
  inventory: ZRows,
  sealed_products: ZRows,
  orders: ZRows,
  order_lines: ZRows,
  devices: ZRows,
  device_codes: ZRows,
  subscriptions: ZRows,
  billing_payments: ZRows,
  feedback: ZRows,
  audit_log: ZRows,
  // Buying from customers (issue 25).
  customers: ZRows.optional().describe('The shop’s customers'),
  credit_ledger: ZRows.optional().describe('Their store-credit ledger'),
  buy_cards: ZRows.optional(),
  buy_orders: ZRows.optional(),
  buy_lines: ZRows.optional(),
  // The counter register (issue 44).
  sales: ZRows.optional().describe('Sales rung up at the register, beside their orders'),
  sale_tenders: ZRows.optional().describe('What paid each sale'),
  sale_returns: ZRows.optional().describe('Returns of sales, what each refunded'),
  sale_return_lines: ZRows.optional().describe('The copies each return took back'),
  sale_return_refunds: ZRows.optional().describe('How each return was refunded'),
  cash_drawers: ZRows.optional().describe('Cash drawers opened and closed at the register'),
  drawer_moves: ZRows.optional().describe('Each drawer’s cash movements, in signed cents'),
  shop_channels: ZRows.optional().describe('Marketplace channels and their price rules (never their API tokens)'),
  channel_listings: ZRows.optional().describe('What each channel lists on its marketplace, as last sent'),
  channel_orders: ZRows.optional().describe('Each marketplace order a channel took or passed over, by its id there'),
});
export type ShopExport = z.infer<typeof ZShopExport>;
