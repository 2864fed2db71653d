import type { ColumnType, Generated } from 'kysely';

/**
 * Table types as Kysely sees them. Timestamps are UTC ISO-8601 text and
 * booleans are 0/1 integers on both engines, so a row reads the same on
 * SQLite and PostgreSQL.
 */
export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  shop_id: number | null;
  actor: string;
  action: string;
  subject: string;
  detail: string | null;
  created_at: string;
}

/** A printing's US market prices (cents) from the day a refresh found them changed. */
export interface CardPriceTable {
  card_id: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  usd: number | null;
  usd_foil: number | null;
  usd_etched: number | null;
}

export interface ShopTable {
  id: Generated<number>;
  name: string;
  subdomain: string | null;
  description: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  city: Generated<string>;
  zip: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  shop_hidden: Generated<number>;
  is_active: Generated<number>;
  created_at: Generated<string>;
  pricing: string | null;
  inventory_version: Generated<number>;
  /** Admin store settings (migration 0011). */
  require_approval: Generated<number>;
  max_inventory_items: Generated<number>;
  /** Statistics' low-stock list: rows with this many copies or fewer (migration 0014). */
  low_stock_threshold: Generated<number>;
  /** Online reservations (migration 0021): 1 when the storefront takes them, and how many hours one is held. */
  reservations_enabled: Generated<number>;
  reservation_hold_hours: Generated<number>;
  /** JSON of the shop's buy rules over the defaults (migration 0022); null: the defaults. */
  buy_rules: Generated<string | null>;
  /** Moved by every write to `buy_rules` or the shop's `buy_cards`, in the same transaction (migration 0024). */
  buy_version: Generated<number>;
  /** JSON of the shop's reservation limits over the defaults (migration 0025); null: the defaults. */
  reservation_limits: Generated<string | null>;
  /** IANA time zone for the customer's mails ('' : UTC), migration 0029. */
  time_zone: Generated<string>;
  /** Opening hours as the owner writes them, migration 0029. */
  pickup_hours: Generated<string>;
  /** Moved by the database on every write to the shop's orders (migration 0027): the pending queue is kept under it. */
  orders_version: Generated<number>;
  /** The register's tax (migration 0030): the rate in thousandths of a percent (8.875 % is 8875), and 1 when shelf
   * prices already hold it; how much of a sale an Employee may discount, in percent. */
  tax_rate_thousandths: Generated<number>;
  prices_include_tax: Generated<number>;
  employee_discount_limit_percent: Generated<number>;
  /** The return policy every receipt prints; '' for none (migration 0034). */
  return_policy: Generated<string>;
}

export interface UserTable {
  id: Generated<number>;
  shop_id: number | null;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  role: string | null;
  platform_role: Generated<string>;
  is_active: Generated<number>;
  /** Shown in the admin area; null: the name or e-mail stands in (migration 0011). */
  username: string | null;
  last_used_at: string | null;
  created_at: Generated<string>;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

export interface InviteCodeTable {
  id: Generated<number>;
  code: string;
  note: Generated<string>;
  created_at: string;
  expires_at: string | null;
  used_at: string | null;
  used_by_user_id: number | null;
  /** Registrations refused because the e-mail already had an account (migration 0019). */
  email_refusals: Generated<number>;
}

export interface PasswordResetTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A mailed link that unlocks an account its login failures locked (migration 0019). */
export interface AccountUnlockTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FeedbackTable {
  id: Generated<number>;
  shop_id: number | null;
  user_id: number | null;
  type: string;
  text: string;
  created_at: Generated<string>;
}

export interface SystemSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface CardTable {
  id: string;
  oracle_id: string | null;
  name: string;
  sort_name: string;
  lang: string;
  layout: string;
  released_at: string;
  set_code: string;
  set_name: string;
  collector_number: string;
  rarity: string;
  mana_cost: string | null;
  cmc: number | null;
  type_line: string | null;
  oracle_text: string | null;
  flavor_text: string | null;
  power: string | null;
  toughness: string | null;
  colors: string;
  finishes: string;
  price_usd: number | null;
  price_usd_foil: number | null;
  price_usd_etched: number | null;
  price_eur: number | null;
  price_eur_foil: number | null;
  image_small: string | null;
  image_normal: string | null;
  artist: string | null;
  tcgplayer_id: number | null;
  /** Magic Online's catalog ids of the printing and of its premium (foil) copy (migration 0018). */
  mtgo_id: number | null;
  mtgo_foil_id: number | null;
  /** Cardmarket's product id (migration 0018). */
  cardmarket_id: number | null;
  legalities: string;
  card_faces: string | null;
  updated_at: string;
}

export interface InventoryTable {
  id: Generated<number>;
  shop_id: number;
  card_id: string;
  finish: string;
  quality: string;
  /** Scryfall's language code; part of the row's key (migration 0016). */
  language: Generated<string>;
  /** 1 for a signed copy, else 0; part of the row's key (migration 0020). */
  signed: Generated<number>;
  /** 1 for an altered copy, else 0; part of the row's key (migration 0020). */
  altered: Generated<number>;
  quantity: number;
  asking_price: number | null;
  sort_name: string;
  set_code: string;
  created_at: string;
  updated_at: string;
  /** Average cost per copy in cents, when known (copies bought from customers, migration 0022). */
  cost_cents: Generated<number | null>;
  /** Where the copies are kept ("Binder 3 p12"), null for nowhere said (migration 0036). */
  location: Generated<string | null>;
  /** When the row's label was last printed, and with what price in cents (migration 0038, issue 41). */
  label_printed_at: Generated<string | null>;
  label_cents: Generated<number | null>;
}

/** A shop's sealed product; set_code '' means no set (see migration 0005). */
export interface SealedProductTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  category: string;
  set_code: string;
  price: number;
  quantity: number;
  created_at: string;
  updated_at: string;
  /** Its UPC/EAN, digits, unique in the shop; null for none (migration 0031). */
  upc: Generated<string | null>;
  /** Where the boxes are kept, null for nowhere said (migration 0036). */
  location: Generated<string | null>;
}

export interface OrderTable {
  id: Generated<number>;
  shop_id: number;
  order_number: string;
  callout: number;
  source_kind: string;
  source_id: number;
  source_name: string;
  status: string;
  idempotency_key: string | null;
  /** A hash of the cart a keyed order was placed from (migration 0017); null for orders from before. */
  idempotency_fingerprint: string | null;
  total_items: number;
  total_cents: number;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  /** An online reservation's customer (migration 0021); null on staff and device orders. */
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  /** An online reservation: when it expires unless confirmed. */
  hold_until: string | null;
  /** The shop's reason, when it rejected an order and gave one. */
  reason: string | null;
  /** The shop's customer the order is for, and the store credit that paid part of it (migration 0022). */
  customer_id: Generated<number | null>;
  store_credit_cents: Generated<number>;
  /** An online reservation: the client address it was placed from (migration 0025). */
  customer_ip: Generated<string | null>;
  /** A confirmed online reservation: held for pickup until then (migration 0028), fixed when it was confirmed. */
  pickup_until: Generated<string | null>;
  /** When a reservation was picked up or marked a no-show (migration 0028); null before. */
  closed_at: Generated<string | null>;
  /** Lines ticked on a pick list (migration 0039). */
  picked_lines: Generated<number>;
  /** A marketplace's order: its code there (migration 0043); null otherwise. */
  market_code: Generated<string | null>;
  /** A marketplace order's copies the shop no longer had (JSON `MissingCopy[]`); null when none, or dealt with. */
  missing: Generated<string | null>;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: number;
  shop_id: number;
  inventory_id: number | null;
  /** A sealed product's line (migration 0012): its product, null once removed; card_id is then ''. */
  sealed_id: number | null;
  card_id: string;
  card_name: string;
  set_code: string;
  finish: string;
  quality: string;
  /** Scryfall's language code of the copies sold (migration 0016); en on a sealed product's line. */
  language: Generated<string>;
  /** 1 when the copies sold were signed / altered (migration 0020). */
  signed: Generated<number>;
  altered: Generated<number>;
  quantity: number;
  unit_price_cents: number;
  /** The cost per copy of what was sold, when the row's cost was known (migration 0022). */
  unit_cost_cents: Generated<number | null>;
  /** A register sale's line (migration 0030): its share of the sale's discount and tax, in cents; 0 on an order. */
  discount_cents: Generated<number>;
  tax_cents: Generated<number>;
  /** When the line was ticked on a pick list (migration 0039); null while not picked. */
  picked_at: Generated<string | null>;
}

/** A shop's customer (issue 25); e-mail lower-case, '' for none; the balance is the ledger's sum, never below 0. */
/** A register sale (migration 0030): the figures of an order confirmed as it was rung up, and its receipt's token. */
export interface SaleTable {
  id: Generated<number>;
  shop_id: number;
  order_id: number;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  change_cents: number;
  tax_rate_thousandths: number;
  prices_include_tax: number;
  customer_id: number | null;
  receipt_token: string;
  created_by: string;
  created_at: string;
  /** Trade-in in the sale (migration 0032): what the shop paid for the cards, in all. */
  trade_in_cents: Generated<number>;
  /** Of it, paid out of the cash drawer (a cash payout): the one field the drawer counts. */
  trade_in_cash_cents: Generated<number>;
  /** Of it, beyond the sale's total, onto the customer's store credit (a credit payout). */
  trade_in_credit_cents: Generated<number>;
  /** cash or credit; null without a trade-in. */
  trade_in_payout: string | null;
  /** The buy order the traded-in cards were bought under, accepted as the sale was rung up. */
  buy_order_id: number | null;
  /** The cash drawer its seller had open when it was rung up, null for none (migration 0033). */
  drawer_id: Generated<number | null>;
  /** How many returns it has had (migration 0034): the next return's number, and the lock that orders two returns. */
  returns_count: Generated<number>;
}

/** A shop's event (migration 0035), written by triggers: what `GET /api/events` tells its listeners. */
export interface ShopEventTable {
  id: Generated<number>;
  shop_id: number;
  kind: string;
  /** The order's number, or the stock's version. */
  subject: string;
  /** An order's status after the event; null for stock. */
  status: string | null;
  created_at: Generated<string>;
}

/** A return of some of a sale's lines (migration 0034), numbered after its sale: `1043-R1`. */
export interface SaleReturnTable {
  id: Generated<number>;
  shop_id: number;
  sale_id: number;
  return_number: string;
  /** What the return gave back, in all, and of it the tax. */
  refund_cents: number;
  tax_cents: number;
  /** The cash drawer a cash refund came out of; null when none paid cash. */
  drawer_id: number | null;
  created_by: string;
  created_at: string;
  /** The register's Idempotency-Key and a hash of the request it came with (migration 0040); null without one. */
  idempotency_key: Generated<string | null>;
  idempotency_fingerprint: Generated<string | null>;
}

/** One returned line: how many copies of a sale's line, whether they went back to stock, what they gave back. */
export interface SaleReturnLineTable {
  id: Generated<number>;
  shop_id: number;
  return_id: number;
  order_line_id: number;
  quantity: number;
  restock: number;
  amount_cents: number;
  tax_cents: number;
}

/** How a return was refunded: one row per kind (cash, card, store credit, other). */
export interface SaleReturnRefundTable {
  id: Generated<number>;
  shop_id: number;
  return_id: number;
  kind: string;
  amount_cents: number;
  reference: Generated<string>;
}

/** What paid a sale: one row per tender. */
export interface SaleTenderTable {
  id: Generated<number>;
  shop_id: number;
  sale_id: number;
  kind: string;
  amount_cents: number;
  reference: Generated<string>;
}

/**
 * A cash drawer (migration 0033, decision 038): the shop's and its opener's; `expected_cents` is set at closing
 * (while it is open, its expected cash is the sum of its ledger, `drawer_moves`).
 */
export interface CashDrawerTable {
  id: Generated<number>;
  shop_id: number;
  opened_by_user_id: number;
  opened_by: string;
  opened_at: string;
  float_cents: number;
  /** The float and every cash movement since, kept by each movement; at closing, the cash expected. */
  expected_cents: number;
  closed_by: string | null;
  closed_at: string | null;
  counted_cents: number | null;
}

/** A drawer's cash movement: signed cents (in positive), of a kind in the contract's `drawerMoveKinds`. */
export interface DrawerMoveTable {
  id: Generated<number>;
  shop_id: number;
  drawer_id: number;
  kind: string;
  amount_cents: number;
  reference: Generated<string>;
  created_at: string;
}

export interface CustomerTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  sort_name: string;
  email: string;
  phone: string;
  phone_digits: string;
  notes: Generated<string>;
  balance_cents: Generated<number>;
  created_at: string;
  updated_at: string;
  /** 1 when the customer pays no tax at the register (migration 0030). */
  tax_exempt: Generated<number>;
}

/** The store-credit ledger: append-only, one entry per movement. */
export interface CreditLedgerTable {
  id: Generated<number>;
  shop_id: number;
  customer_id: number;
  kind: string;
  amount_cents: number;
  balance_after_cents: number;
  reason: Generated<string>;
  reference: Generated<string>;
  actor: string;
  created_at: string;
}

/** A shop's own word on buying one printing. */
export interface BuyCardTable {
  shop_id: number;
  card_id: string;
  fixed_cash_cents: number | null;
  fixed_credit_cents: number | null;
  not_buying: Generated<number>;
  hotlist: Generated<number>;
  target_stock: number | null;
  updated_at: string;
}

export interface BuyOrderTable {
  id: Generated<number>;
  shop_id: number;
  buy_number: string;
  callout: number;
  source_kind: string;
  source_id: number;
  source_name: string;
  customer_id: number | null;
  status: string;
  payout: string | null;
  paid_cents: number | null;
  idempotency_key: string | null;
  idempotency_fingerprint: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
  /** The accepter's role then (migration 0026): an Employee's accepts are limited per day. */
  decided_role: string | null;
  reason: string | null;
}

export interface BuyLineTable {
  id: Generated<number>;
  buy_order_id: number;
  shop_id: number;
  position: number;
  card_id: string;
  card_name: string;
  set_code: string;
  collector_number: string;
  finish: string;
  quality: string;
  language: string;
  quantity: number;
  graded: Generated<number>;
  cash_cents: number;
  credit_cents: number;
  wanted: number;
  hotlist: Generated<number>;
  reason: string | null;
}

export interface OrderCounterTable {
  shop_id: number;
  day: string;
  last: number;
}

export interface DeviceCodeTable {
  id: Generated<number>;
  shop_id: number;
  code: string;
  device_name: string;
  created_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface DeviceTable {
  id: Generated<number>;
  shop_id: number;
  name: string;
  serial_number: string;
  ip_address: string;
  token_hash: string;
  registered_on: string;
  last_login: string | null;
  is_active: Generated<number>;
}

export interface TeamInvitationTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A shop's subscription (migration 0010): one row per shop. */
export interface SubscriptionTable {
  id: Generated<number>;
  shop_id: number;
  plan: string;
  status: string;
  current_period_start: string;
  current_period_end: string;
  billing_anchor: string;
  cancel_at_period_end: Generated<number>;
  ends_at: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface BillingPaymentTable {
  id: Generated<number>;
  shop_id: number;
  reference: string;
  amount_cents: number;
  status: string;
  description: string;
  paid_at: string;
  created_at: string;
}

export interface BillingEventTable {
  id: string;
  type: string;
  received_at: string;
}

/** An uploaded CSV kept between an import's check and its commit (30 minutes), with the check's progress. */
export interface CsvUploadTable {
  id: string;
  shop_id: number;
  total_bytes: number;
  read_bytes: Generated<number>;
  rows_read: Generated<number>;
  matched: Generated<number>;
  state: ColumnType<'reading' | 'checked', 'reading' | 'checked' | undefined, 'reading' | 'checked'>;
  created_at: string;
}

/** A kept upload's bytes, a part at a time in order of `part` (0 first). */
export interface CsvUploadPartTable {
  upload_id: string;
  part: number;
  bytes: Buffer;
}

/** Quick add's additions, one copy each, for undo (migration 0037, issue 41). */
export interface QuickAddTable {
  id: Generated<number>;
  shop_id: number;
  inventory_id: number | null;
  sealed_id: number | null;
  actor: string;
  created_at: string;
  undone_at: string | null;
}

/** A shop's marketplace channel (migration 0042, issue 42): its token sealed (lib/secret-box.ts), its price rule. */
export interface ShopChannelTable {
  shop_id: number;
  channel: string;
  enabled: Generated<number>;
  token_sealed: string | null;
  /** The marketplace account the token names, as the marketplace calls it. */
  account: string | null;
  price_percent_thousandths: Generated<number>;
  currency_rate_millionths: Generated<number>;
  keep: Generated<number>;
  /** Why the channel stopped (a token the marketplace refused), shown until the owner acts. */
  problem: string | null;
  last_push_at: string | null;
  last_pull_at: string | null;
  updated_at: string;
  /** Until when one server pushes the channel (decision 042); null or past: no one. */
  lease_until: string | null;
  /** The shop's stock, prices and rule its last push listed, as one text: the same again needs no push. */
  pushed_mark: string | null;
  /** What its last push could not list, counted by why (JSON of the wire's `unlisted`). */
  unlisted: string | null;
  /** When its listings were last compared with the marketplace's own (migration 0043), and what that found (JSON). */
  last_reconcile_at: Generated<string | null>;
  reconciled: Generated<string | null>;
}

/** A set whose printings a marketplace was asked for (migration 0042), and when: its items are kept a day. */
export interface ChannelSetTable {
  channel: string;
  set_code: string;
  fetched_at: string;
}

/** A marketplace's item for a printing (CardTrader's blueprint), with the conditions and languages it takes (JSON). */
export interface ChannelItemTable {
  channel: string;
  card_id: string;
  item_id: number;
  set_code: string;
  conditions: string | null;
  languages: string | null;
}

/**
 * A shop's listing on a marketplace as Cardstock last sent it (migration 0042, decision 042), under the tag it gives
 * the marketplace's product: `sending` while a push is under way (the outbox: a push that died is read back from the
 * marketplace before anything is sent again), `listed` once done, `refused` with the marketplace's reason.
 */
export interface ChannelListingTable {
  shop_id: number;
  channel: string;
  tag: string;
  item_id: number;
  /** The listing's kind in the marketplace's words (JSON). */
  properties: string;
  quantity: number;
  /** In the marketplace account's currency's cents. */
  price_cents: number;
  /** How many stock rows it lists. */
  rows: number;
  product_id: number | null;
  state: 'sending' | 'listed' | 'refused';
  error: string | null;
  updated_at: string;
  /** The stock kinds it lists (JSON `StockKind[]`, migration 0043): an order for its product takes from their rows. */
  kinds: Generated<string | null>;
}

/** A marketplace order a channel took (`taken`, then maybe `cancelled`) or passed over (`ignored`), once. */
export interface ChannelOrderTable {
  shop_id: number;
  channel: string;
  market_id: string;
  code: string;
  order_id: number | null;
  state: 'taken' | 'cancelled' | 'ignored';
  created_at: string;
  updated_at: string;
}

export interface DB {
  shop_channels: ShopChannelTable;
  channel_sets: ChannelSetTable;
  channel_items: ChannelItemTable;
  channel_listings: ChannelListingTable;
  channel_orders: ChannelOrderTable;
  customers: CustomerTable;
  credit_ledger: CreditLedgerTable;
  buy_cards: BuyCardTable;
  buy_orders: BuyOrderTable;
  buy_lines: BuyLineTable;
  subscriptions: SubscriptionTable;
  billing_payments: BillingPaymentTable;
  billing_events: BillingEventTable;
  inventory: InventoryTable;
  quick_adds: QuickAddTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  order_counters: OrderCounterTable;
  device_codes: DeviceCodeTable;
  devices: DeviceTable;
  team_invitations: TeamInvitationTable;
  sealed_products: SealedProductTable;
  cards: CardTable;
  contact_messages: ContactMessageTable;
  audit_log: AuditLogTable;
  sales: SaleTable;
  sale_tenders: SaleTenderTable;
  sale_returns: SaleReturnTable;
  shop_events: ShopEventTable;
  sale_return_lines: SaleReturnLineTable;
  sale_return_refunds: SaleReturnRefundTable;
  cash_drawers: CashDrawerTable;
  drawer_moves: DrawerMoveTable;
  card_prices: CardPriceTable;
  csv_uploads: CsvUploadTable;
  csv_upload_parts: CsvUploadPartTable;
  shops: ShopTable;
  users: UserTable;
  sessions: SessionTable;
  invite_codes: InviteCodeTable;
  password_resets: PasswordResetTable;
  account_unlocks: AccountUnlockTable;
  feedback: FeedbackTable;
  system_settings: SystemSettingTable;
}
