import { z } from 'zod';
import { languages, platformRoles, qualities } from '../constants.ts';
import { ZZeroedRow, type AuditAction } from './activity.ts';

/*
 * What each audit action keeps in its entry's `detail` (issue 40): exactly the keys its call site writes, in the
 * words the log stores them (the stored JSON is what the server has always written; these shapes only name it).
 * Leaves are plain types, not the forms' rules: an entry is a record of what happened, read back as it was written.
 * The shapes that copy a form's (pricing rule, buy rules, system settings...) are declared here again rather than
 * imported, so the Activity screen does not load every form's schemas; the contract's unit test holds each to the
 * form's type.
 */

const none = z.object({});
const count = (what: string) => z.number().describe(what);

/** A copy's kind as inventory entries write it: the wire's words (finish, condition, language) and its flags. */
const copyKind = {
  finish: z.string().describe('nonfoil, foil or etched'),
  quality: z.string().describe('NM, LP, MP, HP or D'),
  language: z.string().describe('Scryfall language code'),
  signed: z.literal(true).optional().describe('Only when the copies are signed'),
  altered: z.literal(true).optional().describe('Only when the copies are altered'),
};

/** A sealed product as its entries keep it: enough to tell what it was without the row. */
const ZSealedSnapshot = z.object({
  name: z.string(),
  category: z.string(),
  set_code: z.string(),
  price: z.number().describe('Cents'),
  quantity: z.number(),
  upc: z.string().optional().describe('Its UPC/EAN, when it has one'),
  location: z.string().optional().describe('Where its boxes are kept, when said'),
});

/** A customer as their entries keep them. */
const ZCustomerSnapshot = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  tax_exempt: z.boolean().optional().describe('Only when the customer pays no tax at the register (issue 44)'),
});

/** An order's number with the store credit it moved, as the credit entries keep them (dollars). */
const ZOrderCredit = z.object({ name: z.string(), order: z.string(), amount: z.number().describe('Dollars') });

/** A decision's reason, written only when one was given. */
const ZReason = z.object({ reason: z.string().optional() });

const ZPickup = z.object({ pickup_until: z.string().nullable().describe('ISO 8601: the pickup deadline it had') });

const ZStripeEvent = z.object({ event: z.string().describe('Stripe’s event id') });

/** Percent by condition, and by language where one differs from 100 (as the pricing and buy rules keep them). */
const byCondition = z.record(z.enum(qualities), z.number());
const byLanguage = z.partialRecord(z.enum(languages), z.number());

/** The shop's pricing rule as saved (`PricingRule`). */
const ZPricingRuleKept = z.object({
  markup_percent: z.number(),
  condition_percent: byCondition,
  language_percent: byLanguage,
  floor_cents: z.number(),
  rounding_cents: z.number(),
});

/** The shop's reservation limits as saved (`ReservationLimits`). */
const ZReservationLimitsKept = z.object({
  max_copies_per_printing: z.number(),
  max_lines: z.number(),
  max_total: z.number().describe('Dollars'),
  max_open_per_email: z.number(),
  max_open_per_address: z.number(),
  max_held_copies: z.number(),
  pickup_days: z.number(),
});

/** The buy rules as saved (`BuyRules`). */
const ZBuyRulesKept = z.object({
  cash_percent: z.number(),
  credit_percent: z.number(),
  hotlist_cash_percent: z.number(),
  hotlist_credit_percent: z.number(),
  condition_percent: byCondition,
  language_percent: byLanguage,
  min_offer_cents: z.number(),
  rounding_cents: z.number(),
  target_by_rarity: z.partialRecord(z.enum(['common', 'uncommon', 'rare', 'mythic']), z.number()),
  employee_accept_limit_cents: z.number(),
});

/** The platform settings as one flat object, as a save writes them (the screen's four tabs' fields together). */
const ZSystemSettingsKept = z.object({
  site_name: z.string(),
  site_description: z.string(),
  maintenance_mode: z.boolean(),
  allow_new_registrations: z.boolean(),
  max_stores_per_user: z.number(),
  require_email_verification: z.boolean(),
  password_min_length: z.number(),
  enable_two_factor: z.boolean(),
  session_timeout_hours: z.number(),
  email_notifications: z.boolean(),
  admin_email: z.string(),
  smtp_server: z.string(),
  smtp_port: z.number(),
  rate_limit_per_minute: z.number(),
  enable_api_logging: z.boolean(),
  api_version: z.string(),
});

/** A store's edit as the admin sent it (`AdminStoreUpdateRequest`): only the fields it changed. */
const ZStoreUpdateKept = z.object({
  shop_name: z.string().optional(),
  subdomain: z.string().optional(),
  shop_description: z.string().optional(),
  settings: z
    .object({
      allow_public_inventory: z.boolean().optional(),
      require_approval: z.boolean().optional(),
      max_inventory_items: z.number().optional(),
    })
    .optional(),
});

/** An account's edit as the admin sent it: only the fields it changed. */
const ZUserUpdateKept = z.object({
  role: z.enum(platformRoles).optional(),
  is_active: z.boolean().optional(),
  username: z.string().optional(),
});

/**
 * The detail of every audit action, one shape each (the unit test holds this map to `auditActions`, no more, no
 * less). The server's recorder takes only these (`AuditEvent`); the Activity screen reads them back.
 */
export const auditDetailSchemas = {
  'inventory.add': z.object({
    ...copyKind,
    quantity: count('Copies added'),
    asking_price: z
      .number()
      .nullable()
      .optional()
      .describe('Cents, when the copies came with a price; null: the pricing rule'),
    location: z.string().nullable().optional().describe('Where the copies are kept, when given; null: nowhere'),
    quick: z.literal(true).optional().describe('Added by quick add (issue 41)'),
  }),
  'inventory.quick_add_undo': z.object({
    ...copyKind,
    quantity: count('Copies taken back'),
  }),
  'inventory.edit': z.object({
    ...copyKind,
    quantity: count('The row’s new quantity'),
    asking_price: z
      .number()
      .nullable()
      .optional()
      .describe('Cents, only when the price changed; null: back to the pricing rule'),
    location: z.string().nullable().optional().describe('Where the copies are kept, when given; null: nowhere'),
  }),
  'inventory.import': z.object({
    mode: z.enum(['add', 'set', 'sync']),
    rows: count('Lines of the file'),
    added: count('New rows'),
    merged: count('Rows of the file the shop already had'),
    zeroed: count('Rows set to 0'),
    refused: count('Lines refused'),
    file: z.string().optional().describe('The file’s name, when the dialog sent it'),
    sealed_added: count('Sealed products added').optional(),
    sealed_changed: count('Sealed products changed').optional(),
    kept: count('Sync: stocked rows left as they were, their lines refused or in review').optional(),
    zeroed_rows: z.array(ZZeroedRow).optional().describe('The first 200 rows set to 0'),
    zeroed_rows_more: count('Rows set to 0 beyond those listed').optional(),
  }),
  'inventory.reprice': z.object({
    action: z.enum(['set', 'percent', 'clear']),
    value: z.number().nullable().describe('Dollars for set, percent for percent'),
    changed: count('Rows repriced'),
  }),
  'inventory.locate': z.object({
    location: z.string().nullable().describe('Where the rows are now kept; null: nowhere'),
    changed: count('Rows whose location changed'),
  }),
  'inventory.keep_prices': z.object({ min_percent: z.number(), kept: count('Rows that kept their price') }),
  'inventory.delete_all': z.object({ deleted: count('Rows deleted') }),
  'sealed.add': ZSealedSnapshot.extend({
    added: count('Copies added'),
    import: z.literal(true).optional().describe('Added by a CSV import'),
    quick: z.literal(true).optional().describe('Added by quick add (issue 41)'),
  }),
  'sealed.edit': z.object({
    before: ZSealedSnapshot,
    after: ZSealedSnapshot,
    import: z.literal(true).optional().describe('Changed by a CSV import'),
  }),
  'sealed.delete': ZSealedSnapshot,
  'order.place': z.object({ lines: count('Order lines') }),
  'order.reserve': z.object({ lines: count('Order lines') }),
  'order.confirm': none,
  'order.reject': ZReason,
  'order.expire': none,
  'order.picked_up': ZPickup,
  'order.no_show': ZPickup,
  'order.marketplace': z.object({
    marketplace: z.string().describe('The marketplace’s name, as the order’s source'),
    code: z.string().describe('The order’s code there'),
    lines: count('Order lines taken from stock'),
    missing: count('Copies it sold that the shop no longer had'),
  }),
  'order.marketplace_cancel': z.object({
    marketplace: z.string(),
    code: z.string(),
  }),
  'order.attention_clear': none,
  'team.invite': z.object({ role: z.string() }),
  'team.role': z.object({ from: z.string().nullable(), to: z.string() }),
  'team.remove': z.object({ role: z.string().nullable() }),
  'settings.save': z.object({
    subdomain: z.string().nullable(),
    shop_hidden: z.number().describe('0 public, 1 private'),
    pricing: ZPricingRuleKept.nullable(),
    low_stock_threshold: z.number().nullable(),
    reservations_enabled: z.boolean().nullable(),
    reservation_hold_hours: z.number().nullable(),
    reservation_limits: ZReservationLimitsKept.nullable(),
    time_zone: z.string().nullable(),
    pickup_hours: z.string().nullable(),
    // The register's settings (issue 44), only when sent.
    tax_rate_percent: z.number().optional(),
    prices_include_tax: z.boolean().optional(),
    employee_discount_limit_percent: z.number().optional(),
    return_policy: z.string().optional(),
  }),
  'device.code': z.object({ expires_at: z.string() }),
  'device.pair': z.object({ serial_number: z.string(), ip: z.string() }),
  'device.remove': z.object({ serial_number: z.string() }),
  'subscription.upgrade': z.object({
    from: z.string(),
    to: z.string().describe('The plan id: starter or pro'),
    cents: z.number().optional().describe('Local billing: what the upgrade charged'),
    stripe_subscription: z.string().optional().describe('Stripe billing: the subscription changed'),
  }),
  'subscription.cancel': z.object({
    plan: z.string(),
    ends_at: z.string().nullable().optional().describe('Local billing: when the subscription ends'),
    stripe_subscription: z.string().optional().describe('Stripe billing: the subscription cancelled'),
  }),
  'subscription.resume': z.object({
    plan: z.string(),
    stripe_subscription: z.string().optional().describe('Stripe billing: the subscription resumed'),
  }),
  'checkout.session.completed': ZStripeEvent,
  'customer.subscription.created': ZStripeEvent,
  'customer.subscription.updated': ZStripeEvent,
  'customer.subscription.deleted': ZStripeEvent,
  'customer.subscription.paused': ZStripeEvent,
  'customer.subscription.resumed': ZStripeEvent,
  'customer.create': ZCustomerSnapshot,
  'customer.update': z.object({ before: ZCustomerSnapshot, after: ZCustomerSnapshot }),
  'credit.adjust': z.object({
    name: z.string(),
    amount: z.number().describe('Dollars, negative when taken'),
    reason: z.string(),
    balance: z.number().describe('Dollars after the adjustment'),
  }),
  'credit.spend': ZOrderCredit,
  'credit.refund': ZOrderCredit,
  'register.sale': z.object({
    lines: count('Sold lines'),
    total_cents: z.number().describe('What the sale cost the customer, tax included'),
    tax_cents: z.number(),
    discount_cents: z.number(),
    tenders: z
      .object({
        cash: z.number().optional(),
        card: z.number().optional(),
        store_credit: z.number().optional(),
        other: z.number().optional(),
      })
      .describe('Cents taken per kind of tender (cash net of change); kinds not used left out'),
    trade_in: z
      .object({
        buy_number: z.string().describe('The buy order the trade-in was recorded as'),
        payout: z.enum(['cash', 'credit']),
        amount_cents: z.number().describe('What the shop paid for the cards'),
        copies: count('Copies bought'),
        cash_out_cents: z.number().describe('Paid out of the drawer (cash payout)'),
        credit_to_customer_cents: z.number().describe('Beyond the sale, onto the customer’s store credit'),
        balance_cents: z.number().optional().describe('The store credit balance the trade-in left, when it added any'),
      })
      .optional()
      .describe('Cards bought in the same sale; left out of a sale without a trade-in'),
  }),
  'register.return': z.object({
    return_number: z.string(),
    copies: count('Copies returned'),
    restocked: count('Of them, back into stock'),
    refund_cents: z.number().describe('What the return gave back, tax included'),
    tax_cents: z.number(),
    refund: z
      .object({
        cash: z.number().optional(),
        card: z.number().optional(),
        store_credit: z.number().optional(),
        other: z.number().optional(),
      })
      .describe('Cents refunded per kind; kinds not used left out'),
    balance_cents: z.number().optional().describe('The customer’s store credit after a store-credit refund'),
  }),
  'channel.save': z.object({
    enabled: z.boolean(),
    price_percent: z.number(),
    keep: z.number(),
    currency_rate: z.number(),
    connected_account: z.string().optional().describe('Only when a new API token was checked: the account it names'),
  }),
  'register.drawer_open': z.object({ drawer_id: z.number(), float_cents: z.number() }),
  'register.drawer_close': z.object({
    drawer_id: z.number(),
    expected_cents: z.number(),
    counted_cents: z.number(),
    over_short_cents: z.number().describe('Counted minus expected: negative when short'),
  }),
  'register.drawer_move': z.object({
    drawer_id: z.number(),
    kind: z.enum(['paid_in', 'paid_out']),
    amount_cents: z.number().describe('The cash put in or taken out, positive either way'),
    reason: z.string(),
  }),
  'buylist.submit': z.object({ lines: count('Lines of the sell list'), customer_id: z.number().nullable() }),
  'buylist.grade': z.object({
    lines: z.array(z.object({ line_id: z.number(), quality: z.string().optional(), quantity: z.number().optional() })),
  }),
  'buylist.accept': z.object({
    payout: z.enum(['cash', 'credit']),
    amount_cents: z.number(),
    copies: count('Copies bought'),
    customer_id: z.number().nullable(),
    balance_cents: z.number().optional().describe('Paid in store credit: the balance it left'),
  }),
  'buylist.reject': ZReason,
  'buylist.rules': ZBuyRulesKept,
  'buylist.card': z.object({
    fixed_cash_cents: z.number().nullable(),
    fixed_credit_cents: z.number().nullable(),
    not_buying: z.number().describe('1 or 0'),
    hotlist: z.number().describe('1 or 0'),
    target_stock: z.number().nullable(),
  }),
  'buylist.card.remove': none,
  'admin.inventory.edit': z.object({
    id: z.number(),
    from: z.object({ quantity: z.number(), asking_price: z.number().nullable().describe('Cents') }),
    to: z.object({
      quantity: z.number().optional(),
      asking_price: z.number().nullable().optional().describe('Cents'),
    }),
  }),
  'admin.inventory.delete': z.object({
    id: z.number(),
    card_id: z.string(),
    finish: z.string(),
    quality: z.string(),
    language: z.string(),
    quantity: z.number(),
  }),
  'admin.inventory.bulk_price': z.object({
    percent: z.number(),
    items: count('Rows repriced in this shop'),
    filter: z.object({ q: z.string() }),
  }),
  'admin.shop.create': z.object({ subdomain: z.string(), owner: z.string().describe('The Owner’s e-mail') }),
  'admin.shop.update': ZStoreUpdateKept,
  'admin.shop.delete': none,
  'admin.shop.activate': none,
  'admin.shop.deactivate': none,
  'admin.user.update': ZUserUpdateKept,
  'admin.user.delete': none,
  'admin.settings': ZSystemSettingsKept,
  'admin.invite': z.object({ note: z.string() }),
  'admin.superadmin.create': none,
  'admin.superadmin.promote': none,
} satisfies Record<AuditAction, z.ZodObject>;

/** What an action keeps in its entry's `detail`. */
export type AuditDetail<A extends AuditAction> = z.infer<(typeof auditDetailSchemas)[A]>;

/** One audit event: an action with its own detail, as the server records it. */
export type AuditEvent<A extends AuditAction = AuditAction> = { [K in A]: { action: K; detail: AuditDetail<K> } }[A];

/** Whether a stored action is one the contract knows (an older row may hold one no longer recorded). */
export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(auditDetailSchemas, action);
}

/** A stored value as read back: any field of it may be absent (an older row, or one written in another type). */
export type Stored<T> = T extends readonly (infer E)[]
  ? Stored<E>[]
  : T extends object
    ? { [K in keyof T]?: Stored<T[K]> }
    : T;

/** An audit event as read back from the log: the action with its own detail, every field possibly absent. */
export type StoredAuditEvent = { [A in AuditAction]: { action: A; detail: Stored<AuditDetail<A>> } }[AuditAction];

/**
 * A stored detail read as its action's shape, field by field: a field missing, or held in another type than the
 * shape's (rows written before a shape changed, such as an import's `zeroed_rows`, sentences before issue 39), reads
 * as absent, never as an error; keys the shape does not name are left out.
 */
export function readAuditEvent(action: AuditAction, detail: Record<string, unknown> | null): StoredAuditEvent {
  // `readObject` keeps only what fits the action's shape: that shape with fields absent, which the type says.
  return { action, detail: readObject(auditDetailSchemas[action], detail ?? {}) } as StoredAuditEvent;
}

/** `value` as `schema` reads it: what does not fit is undefined (absent). */
function read(schema: z.core.$ZodType, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (schema instanceof z.ZodOptional) return read(schema.unwrap(), value);
  if (schema instanceof z.ZodNullable) return value === null ? null : read(schema.unwrap(), value);
  if (schema instanceof z.ZodObject) return isRecord(value) ? readObject(schema, value) : undefined;
  if (schema instanceof z.ZodArray)
    return Array.isArray(value)
      ? value.map((item) => read(schema.element, item)).filter((item) => item !== undefined)
      : undefined;
  const parsed = z.safeParse(schema, value);
  return parsed.success ? parsed.data : undefined;
}

function readObject(schema: z.ZodObject, value: Record<string, unknown>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries<z.core.$ZodType>(schema.shape)) {
    const got = read(field, Object.hasOwn(value, key) ? value[key] : undefined);
    if (got !== undefined) fields[key] = got;
  }
  return fields;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
