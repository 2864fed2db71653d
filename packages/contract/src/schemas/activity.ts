import { z } from 'zod';
import { ZSessionToken } from './auth.ts';

/** What an Activity entry is about; each audit action belongs to one. */
export const activityKinds = [
  'inventory',
  'sealed',
  'order',
  'team',
  'settings',
  'device',
  'billing',
  'customer',
  'buylist',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/**
 * Every audit action the server records (issue 38): the recorder takes only these, and the Activity screen has a
 * sentence for each (a unit test walks this list). A new action joins here, and gets its sentence.
 */
export const stripeAuditActions = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
] as const;
export type StripeAuditAction = (typeof stripeAuditActions)[number];
export const auditActions = [
  'inventory.add',
  'inventory.quick_add_undo',
  'inventory.edit',
  'inventory.import',
  'inventory.reprice',
  'inventory.locate',
  'inventory.keep_prices',
  'inventory.delete_all',
  'sealed.add',
  'sealed.edit',
  'sealed.delete',
  'order.place',
  'order.reserve',
  'order.confirm',
  'order.reject',
  'order.expire',
  'order.picked_up',
  'order.no_show',
  'order.marketplace',
  'order.marketplace_cancel',
  'order.attention_clear',
  'team.invite',
  'team.role',
  'team.remove',
  'settings.save',
  'device.code',
  'device.pair',
  'device.remove',
  'subscription.upgrade',
  'subscription.cancel',
  'subscription.resume',
  ...stripeAuditActions,
  'customer.create',
  'customer.update',
  'credit.adjust',
  'credit.spend',
  'credit.refund',
  'register.sale',
  'register.return',
  'register.drawer_open',
  'register.drawer_close',
  'register.drawer_move',
  'channel.save',
  'buylist.submit',
  'buylist.grade',
  'buylist.accept',
  'buylist.reject',
  'buylist.rules',
  'buylist.card',
  'buylist.card.remove',
  'admin.inventory.edit',
  'admin.inventory.delete',
  'admin.inventory.bulk_price',
  'admin.shop.create',
  'admin.shop.update',
  'admin.shop.delete',
  'admin.shop.activate',
  'admin.shop.deactivate',
  'admin.user.update',
  'admin.user.delete',
  'admin.settings',
  'admin.invite',
  'admin.superadmin.create',
  'admin.superadmin.promote',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * The kind of an audit action: its first word, with the platform staff's edits of a shop's stock as inventory, a
 * register sale as an order, and Stripe's events (`customer.subscription.*`, `checkout.*`: Stripe's words, not a shop's customers) as billing.
 */
export function activityKindOf(action: string): ActivityKind | null {
  if ((stripeAuditActions as readonly string[]).includes(action)) return 'billing';
  if (action.startsWith('admin.inventory.')) return 'inventory';
  const first = action.split('.')[0]!;
  if (first === 'subscription') return 'billing';
  // A customer's store credit moves with their record: one filter shows both.
  if (first === 'credit') return 'customer';
  // A sale rung up at the register is an order confirmed as it is made.
  if (first === 'register') return 'order';
  // A marketplace channel is one of the shop's settings.
  if (first === 'channel') return 'settings';
  return (activityKinds as readonly string[]).includes(first) ? (first as ActivityKind) : null;
}

/** The audit actions of each kind, from `activityKindOf`: the Activity filter reads exactly these. */
export const actionsOfKind: Readonly<Record<ActivityKind, readonly AuditAction[]>> = {
  inventory: actionsOf('inventory'),
  sealed: actionsOf('sealed'),
  order: actionsOf('order'),
  team: actionsOf('team'),
  settings: actionsOf('settings'),
  device: actionsOf('device'),
  billing: actionsOf('billing'),
  customer: actionsOf('customer'),
  buylist: actionsOf('buylist'),
};

function actionsOf(kind: ActivityKind): readonly AuditAction[] {
  return auditActions.filter((action) => activityKindOf(action) === kind);
}

export const activityPageSize = 50;

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time such as 2026-11-24T00:00:00Z.` }).optional();

export const ZActivityRequest = z
  .object({
    token: ZSessionToken,
    page: z
      .number({ error: 'page must be a number.' })
      .int('page must be a whole number.')
      .min(1, 'page must be at least 1.')
      .max(100_000, 'page must be at most 100000.')
      .optional()
      .default(1),
    actor: z.string({ error: 'actor must be text.' }).max(320, 'actor must be at most 320 characters.').optional(),
    kind: z.enum(activityKinds, `kind must be one of ${activityKinds.join(', ')}.`).optional(),
    from: instant('from').describe('Entries at or after this moment'),
    to: instant('to').describe('Entries before this moment'),
  })
  .refine((input) => !input.from || !input.to || Date.parse(input.from) < Date.parse(input.to), {
    path: ['to'],
    message: 'to must be after from.',
  });

/**
 * A stock row an import set to 0, as an `inventory.import` entry's `zeroed_rows` lists them (the first 200; entries
 * from before issue 39's Activity list held a sentence per row instead: "Lightning Bolt (2X2 #117) foil LP en: 4 → 0").
 */
export const ZZeroedRow = z.object({
  name: z.string(),
  set_code: z.string(),
  collector_number: z.string(),
  finish: z.string().describe('nonfoil, foil or etched'),
  quality: z.string().describe('NM, LP, MP, HP or D'),
  language: z.string().describe('Scryfall language code'),
  signed: z.boolean(),
  altered: z.boolean(),
  quantity: z.number().int().describe('Copies the row had before it went to 0'),
});
export type ZeroedRow = z.infer<typeof ZZeroedRow>;

/** One change in the shop: who made it, when, and what (the audit log's entry, with the card's name when a card). */
export const ZActivityEntry = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601, UTC'),
  actor: z.string().describe('The e-mail of who did it (a paired tablet: device:NAME)'),
  action: z.string().describe('What was done, e.g. inventory.edit, order.confirm, team.role'),
  kind: z.enum(activityKinds).nullable(),
  subject: z.string().describe('What it was done to: a Scryfall id, an order number, an e-mail, a name'),
  subject_name: z.string().nullable().describe('The card’s name when the subject is a printing'),
  detail: z.record(z.string(), z.unknown()).nullable().describe('The change’s figures; prices in cents'),
});
export type ActivityEntry = z.infer<typeof ZActivityEntry>;

export const ZActivityResponse = z.object({
  entries: z.array(ZActivityEntry).describe('Newest first, 50 a page'),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  actors: z.array(z.string()).describe('Everyone with an entry in the shop’s log, for the person filter'),
});
