import { z } from 'zod';
import { adminBounds, languages, platformRoles, qualities, reportRanges, type AdminBound } from '../constants.ts';
import { messages } from '../messages.ts';
import { decimal, emailField, requiredText } from './common.ts';
import { finishes, ZDollars } from './inventory.ts';
import { ZSubdomainText } from './settings.ts';

/**
 * The platform admin area (spec 001 §2.9, §3, §5): shops, users, inventory
 * across shops, system settings, reports, analytics and the inboxes. Every
 * call sends the session token as `Authorization: Bearer`.
 */

/** A whole number within the spec's bounds (spec 001 §5), with a sentence naming them when it is not. */
const bounded = (label: string, bound: AdminBound) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(bound.min, `${label} must be from ${bound.min} to ${bound.max}.`)
    .max(bound.max, `${label} must be from ${bound.min} to ${bound.max}.`);

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

const ZId = decimal(
  z
    .number({ error: messages.admin.storeIdRequired })
    .int(messages.admin.storeIdRequired)
    .positive(messages.admin.storeIdRequired),
);

export const ZAdminIdParams = z.object({ id: ZId });
const ZItemIdParams = z.object({
  id: decimal(
    z.number({ error: 'id must be a number.' }).int('id must be a whole number.').positive('id must be from 1.'),
  ),
});
export { ZItemIdParams as ZAdminItemIdParams };

const ZSearchText = z
  .string({ error: 'Search must be text.' })
  .trim()
  .max(200, 'Search must be at most 200 characters.')
  .optional()
  .default('');

// ---------------------------------------------------------------- the caller

export const ZAdminMe = z.object({
  username: z.string(),
  email: z.string(),
  role: z.enum(platformRoles),
  can_manage: z.boolean().describe('May change shops, users, inventory and settings (admin, superadmin)'),
  can_grant_superadmin: z.boolean(),
});
export type AdminMe = z.infer<typeof ZAdminMe>;

// ---------------------------------------------------------------- stores

export const ZAdminStoreSettings = z.object({
  allow_public_inventory: z.boolean().describe('The storefront is public (the shop’s shop_hidden is 0)'),
  require_approval: z.boolean().describe('Orders wait for a person to confirm them'),
  max_inventory_items: z.number().int(),
});

/** A shop as the admin area shows it (spec 001 §3 "Store"). */
export const ZAdminStore = z.object({
  id: z.number().int(),
  shop_name: z.string(),
  shop_description: z.string(),
  subdomain: z.string().nullable(),
  is_active: z.boolean().describe('false: suspended; its staff cannot log in and its storefront is not found'),
  created_at: z.string(),
  total_inventory: z.number().int().describe('Inventory rows (items) of the shop'),
  pending_orders: z.number().int(),
  owner_email: z.string().nullable(),
  owner_username: z.string().nullable(),
  settings: ZAdminStoreSettings,
});
export type AdminStore = z.infer<typeof ZAdminStore>;

export const storeStatusFilters = ['all', 'active', 'inactive'] as const;
export type StoreStatusFilter = (typeof storeStatusFilters)[number];

export const ZAdminStoresQuery = z.object({
  status: z.enum(storeStatusFilters, 'status must be all, active or inactive.').optional().default('all'),
  q: ZSearchText.describe('Part of the name or subdomain'),
});

export const ZAdminStoresResponse = z.object({ stores: z.array(ZAdminStore) });
export const ZAdminStoreResponse = z.object({ message: z.string(), store: ZAdminStore });

export const ZAdminStoreActiveRequest = z.object({ is_active: flag('is_active') });

/** Deleting a shop for good: the caller types its name, so no id typo or replayed call can do it. */
export const ZAdminStoreDeleteRequest = z.object({
  confirm_name: z
    .string({ error: 'Type the shop’s name to confirm.' })
    .trim()
    .min(1, 'Type the shop’s name to confirm.'),
});

const ZStoreSettingsInput = z.object({
  allow_public_inventory: flag('allow_public_inventory').optional().default(false),
  require_approval: flag('require_approval').optional().default(true),
  max_inventory_items: bounded('Maximum inventory items', adminBounds.max_inventory_items)
    .optional()
    .default(adminBounds.max_inventory_items.fallback),
});

const ZRequiredSubdomain = ZSubdomainText.refine((s) => s !== '', { error: 'Subdomain is required.' });
const ZDescription = z
  .string({ error: 'Description must be text.' })
  .trim()
  .max(500, 'The description must be at most 500 characters.');

/** The create-store form (spec 001 §5): name, subdomain, owner e-mail and owner username are required. */
export const ZAdminStoreCreateRequest = z.object({
  shop_name: requiredText('Store name', 120),
  subdomain: ZRequiredSubdomain,
  shop_description: ZDescription.optional().default(''),
  owner_email: emailField('Owner email'),
  owner_username: requiredText('Owner username', 100),
  settings: ZStoreSettingsInput.optional().default({
    allow_public_inventory: false,
    require_approval: true,
    max_inventory_items: adminBounds.max_inventory_items.fallback,
  }),
});
export type AdminStoreCreateRequest = z.input<typeof ZAdminStoreCreateRequest>;
export type AdminStoreCreateInput = z.output<typeof ZAdminStoreCreateRequest>;

/** Edit a store's details or settings; fields left out stay as they are. */
export const ZAdminStoreUpdateRequest = z.object({
  shop_name: requiredText('Store name', 120).optional(),
  subdomain: ZRequiredSubdomain.optional(),
  shop_description: ZDescription.optional(),
  settings: z
    .object({
      allow_public_inventory: flag('allow_public_inventory').optional(),
      require_approval: flag('require_approval').optional(),
      max_inventory_items: bounded('Maximum inventory items', adminBounds.max_inventory_items).optional(),
    })
    .optional(),
});
export type AdminStoreUpdateRequest = z.input<typeof ZAdminStoreUpdateRequest>;

/** An order's statuses as the admin area lists them. */
export const adminOrderStatuses = ['pending', 'confirmed', 'rejected', 'expired', 'picked_up', 'no_show'] as const;

export const ZAdminOrder = z.object({
  order_number: z.string(),
  status: z
    .enum(adminOrderStatuses)
    .describe(
      'expired: an online reservation the shop did not confirm within its hold time; picked_up: a confirmed one collected; no_show: a confirmed one not picked up (its cards back on sale)',
    ),
  source_name: z
    .string()
    .describe('The staff member or tablet that placed it, "Online", or the marketplace that sold it'),
  source_kind: z
    .enum(['staff', 'device', 'online', 'marketplace'])
    .describe('A staff member’s order, a paired tablet’s, a customer’s online reservation, or a marketplace’s sale'),
  total_items: z.number().int(),
  total: z.number().describe('Dollars'),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof ZAdminOrder>;
export const ZAdminStoreOrdersResponse = z.object({ orders: z.array(ZAdminOrder) });

// ---------------------------------------------------------------- inventory across shops

export const inventorySorts = ['name', 'price', 'quantity', 'date'] as const;
export type InventorySort = (typeof inventorySorts)[number];

export const ZAdminInventoryQuery = z.object({
  store_id: decimal(z.number().int().positive()).optional().describe('One store; all stores without it'),
  q: ZSearchText.describe('Part of the card name, set code or store name'),
  sort: z.enum(inventorySorts, 'sort must be name, price, quantity or date.').optional().default('name'),
  order: z.enum(['asc', 'desc'], 'order must be asc or desc.').optional().default('asc'),
  page: decimal(
    z
      .number({ error: 'page must be a number.' })
      .int('page must be a whole number from 1.')
      .min(1, 'page must be a whole number from 1.'),
  )
    .optional()
    .default(1),
});
export type AdminInventoryQuery = z.input<typeof ZAdminInventoryQuery>;

/** An inventory row of any shop (spec 001 §3 admin "Inventory item"); prices in dollars. */
export const ZAdminInventoryItem = z.object({
  id: z.number().int(),
  card_name: z.string(),
  card_artist: z.string().nullable(),
  card_setCode: z.string(),
  card_scryfallid: z.string(),
  inv_finish: z.enum(finishes),
  inv_quality: z.enum(qualities),
  inv_language: z.enum(languages),
  inv_signed: z.boolean().describe('Signed copies'),
  inv_altered: z.boolean().describe('Altered copies'),
  inv_quantity: z.number().int(),
  price: z.number().nullable().describe('What customers pay, dollars: the asking price, else the shop’s rule'),
  asking_price: z.number().nullable().describe('The shop’s own price in dollars; null: its pricing rule applies'),
  description: z.string().describe('Finish, condition, language and flags, as a line of text'),
  store_id: z.number().int(),
  store_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminInventoryItem = z.infer<typeof ZAdminInventoryItem>;

export const ZAdminInventoryResponse = z.object({
  items: z.array(ZAdminInventoryItem),
  total: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});

/** ±10% on every item the filter selects (spec 001 §2.9, §9): sets each one's asking price. */
export const ZAdminBulkPriceRequest = z.object({
  percent: z.union([z.literal(10), z.literal(-10)], { error: 'percent must be 10 or -10.' }),
  store_id: z.number().int().positive().optional(),
  q: ZSearchText,
});
export const ZAdminBulkPriceResponse = z.object({
  message: z.string(),
  updated: z.number().int(),
  skipped: z.number().int().describe('Items with no price to change (no asking price and no market price)'),
});

export const ZAdminInventoryEditRequest = z.object({
  quantity: z
    .number({ error: 'Quantity must be a number.' })
    .int('Quantity must be a whole number.')
    .min(0, 'Quantity cannot be negative.')
    .max(100_000, 'Quantity must be at most 100000.')
    .optional(),
  // The shop's own rule for an asking price: at least a cent, whole cents (issue 38: $0 and 1e-9 sold for nothing).
  asking_price: ZDollars('Price')
    .nullable()
    .optional()
    .describe('Dollars; null returns the item to the shop’s pricing rule'),
});
export const ZAdminInventoryItemResponse = z.object({ message: z.string(), item: ZAdminInventoryItem });

// ---------------------------------------------------------------- system settings

/** Platform settings (spec 001 §3), in the four tabs of the screen. */
export const ZSystemSettings = z.object({
  platform: z.object({
    site_name: requiredText('Site name', 100),
    site_description: z.string().trim().max(500, 'Site description must be at most 500 characters.'),
    maintenance_mode: flag('maintenance_mode'),
    allow_new_registrations: flag('allow_new_registrations'),
    max_stores_per_user: bounded('Max stores per user', adminBounds.max_stores_per_user),
  }),
  security: z.object({
    require_email_verification: flag('require_email_verification'),
    password_min_length: bounded('Minimum password length', adminBounds.password_min_length),
    enable_two_factor: flag('enable_two_factor'),
    session_timeout_hours: bounded('Session timeout', adminBounds.session_timeout_hours),
  }),
  notifications: z.object({
    email_notifications: flag('email_notifications'),
    admin_email: z.union([z.literal(''), emailField('Admin email')]),
    smtp_server: z.string().trim().max(200, 'SMTP server must be at most 200 characters.'),
    smtp_port: bounded('SMTP port', adminBounds.smtp_port),
  }),
  api: z.object({
    rate_limit_per_minute: bounded('Rate limit', adminBounds.rate_limit_per_minute),
    enable_api_logging: flag('enable_api_logging'),
    api_version: requiredText('API version', 20),
  }),
});
export type SystemSettingsGroups = z.infer<typeof ZSystemSettings>;
export const ZSystemSettingsResponse = z.object({ message: z.string(), settings: ZSystemSettings });

// ---------------------------------------------------------------- users

/** An account as the admin user screen shows it (spec 001 §3 "User"). */
export const ZAdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(platformRoles),
  is_active: z.boolean(),
  email_verified: z.boolean().describe('The address answered a mailed link (invitation or password reset)'),
  created_at: z.string(),
  last_login: z.string().nullable(),
  stores_count: z.number().int(),
  total_orders: z.number().int().describe('Orders this person placed'),
  shop_name: z.string().nullable(),
  shop_role: z.string().nullable(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUsersQuery = z.object({ q: ZSearchText.describe('Part of the e-mail or name') });
export const ZAdminUsersResponse = z.object({ users: z.array(ZAdminUser) });

export const ZAdminUserUpdateRequest = z.object({
  role: z.enum(platformRoles, `Role must be one of ${platformRoles.join(', ')}.`).optional(),
  is_active: flag('is_active').optional(),
  username: requiredText('Username', 100).optional(),
});
export const ZAdminUserResponse = z.object({ message: z.string(), user: ZAdminUser });

// ---------------------------------------------------------------- reports

export const reportTabs = ['overview', 'stores', 'users', 'revenue'] as const;
export type ReportTab = (typeof reportTabs)[number];
const rangeValues = reportRanges.map((r) => r.value) as [string, ...string[]];

export const ZAdminReportQuery = z.object({
  range: z
    .enum(rangeValues, `range must be one of ${rangeValues.join(', ')}.`)
    .optional()
    .default('30d'),
});
export const ZAdminReportExportQuery = ZAdminReportQuery.extend({
  tab: z
    .enum(reportTabs, `tab must be one of ${reportTabs.join(', ')}.`)
    .optional()
    .default('overview'),
  format: z.enum(['csv', 'pdf'], 'format must be csv or pdf.').optional().default('csv'),
});

const ZStorePerformance = z.object({
  store_id: z.number().int(),
  store_name: z.string(),
  subdomain: z.string().nullable(),
  is_active: z.boolean(),
  orders: z.number().int(),
  confirmed_orders: z.number().int(),
  cards_sold: z.number().int(),
  revenue: z.number().describe('Dollars, confirmed orders'),
});

/** Every tab of the reports screen over one date range, from the database (UTC days). */
export const ZAdminReport = z.object({
  range: z.string(),
  from: z.string().describe('Start of the range, UTC ISO-8601'),
  to: z.string(),
  overview: z.object({
    total_stores: z.number().int(),
    active_stores: z.number().int(),
    new_stores: z.number().int(),
    total_users: z.number().int(),
    new_users: z.number().int(),
    active_users: z.number().int().describe('Signed in during the range'),
    orders: z.number().int(),
    confirmed_orders: z.number().int(),
    cards_sold: z.number().int(),
    revenue: z.number(),
  }),
  stores: z.array(ZStorePerformance),
  users: z.object({
    by_role: z.array(z.object({ role: z.string(), count: z.number().int() })),
    signups_by_day: z.array(z.object({ date: z.string(), count: z.number().int() })),
    most_active: z.array(
      z.object({
        email: z.string(),
        shop_name: z.string().nullable(),
        last_login: z.string().nullable(),
        orders: z.number().int(),
      }),
    ),
  }),
  revenue: z.object({
    total: z.number(),
    average_order: z.number(),
    by_day: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number() })),
  }),
});
export type AdminReport = z.infer<typeof ZAdminReport>;

/** The overview's counts in the order the screen and the exported files list them (revenue follows, formatted by each). */
export const overviewCounts = (o: AdminReport['overview']): [label: string, value: number][] => [
  ['Total stores', o.total_stores],
  ['Active stores', o.active_stores],
  ['New stores', o.new_stores],
  ['Total users', o.total_users],
  ['New users', o.new_users],
  ['Active users', o.active_users],
  ['Orders', o.orders],
  ['Confirmed orders', o.confirmed_orders],
  ['Cards sold', o.cards_sold],
];

/** A file answer (CSV or PDF), described for the API docs. */
export const ZAdminFile = z.string().describe('The report file (text/csv or application/pdf), as an attachment');

// ---------------------------------------------------------------- analytics

export const serverHealthLevels = ['healthy', 'warning', 'critical'] as const;

export const ZAdminAnalytics = z.object({
  generated_at: z.string(),
  platform: z.object({
    stores: z.number().int(),
    active_stores: z.number().int(),
    users: z.number().int(),
    inventory_items: z.number().int(),
    cards_in_stock: z.number().int(),
    pending_orders: z.number().int(),
    orders_today: z.number().int(),
    revenue_today: z.number(),
    active_sessions: z.number().int(),
  }),
  server: z.object({
    health: z.enum(serverHealthLevels),
    reasons: z.array(z.string()).describe('Why the health is not healthy'),
    uptime_s: z.number().int(),
    rss_mb: z.number(),
    heap_used_mb: z.number(),
    heap_limit_mb: z.number(),
    cpu_percent: z.number(),
    event_loop_p99_ms: z.number(),
    requests_last_minute: z.number().int(),
    errors_last_minute: z.number().int(),
    database: z.string(),
  }),
});
export type AdminAnalytics = z.infer<typeof ZAdminAnalytics>;

// ---------------------------------------------------------------- inboxes

export const ZAdminInvite = z.object({
  code: z.string(),
  note: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  used_at: z.string().nullable(),
  used_by_email: z.string().nullable(),
});
export const ZAdminInvitesResponse = z.object({ invites: z.array(ZAdminInvite) });
export const ZAdminInviteCreateRequest = z.object({
  note: z.string().trim().max(200, 'Note must be at most 200 characters.').optional().default(''),
  expires_days: z
    .number()
    .int()
    .min(1, 'Expiry must be 1 to 365 days.')
    .max(365, 'Expiry must be 1 to 365 days.')
    .optional(),
});
export const ZAdminInviteCreateResponse = z.object({ message: z.string(), code: z.string() });

export const ZAdminFeedbackResponse = z.object({
  feedback: z.array(
    z.object({
      id: z.number().int(),
      type: z.string(),
      text: z.string(),
      created_at: z.string(),
      email: z.string().nullable(),
      shop_name: z.string().nullable(),
    }),
  ),
});

export const ZAdminContactMessagesResponse = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      message: z.string(),
      created_at: z.string(),
    }),
  ),
});
