import {
  type ActivityEntry,
  centsText,
  finishNames,
  finishOf,
  formatUsdPlain,
  languageNames,
  languageOf,
} from '@cardstock/contract';

type Detail = Record<string, unknown>;

const num = (detail: Detail | null, key: string): number | undefined =>
  typeof detail?.[key] === 'number' ? detail[key] : undefined;
const text = (detail: Detail | null, key: string): string | undefined =>
  typeof detail?.[key] === 'string' ? detail[key] : undefined;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const price = (cents: number | null) => (cents === null ? 'the pricing rule' : `$${centsText(cents)}`);

/**
 * "Lightning Bolt (Foil, NM)", "… (Foil, NM, German, signed)": the card's name (or its id, for a card gone from the
 * catalog) and the row's kind; English and unflagged copies go unsaid, as on every screen.
 */
function rowOf(entry: ActivityEntry): string {
  const { detail } = entry;
  const stored = text(detail, 'finish');
  const finish = stored && finishNames[finishOf(stored)];
  const quality = text(detail, 'quality');
  const storedLanguage = text(detail, 'language');
  const language = storedLanguage && storedLanguage !== 'en' ? languageNames[languageOf(storedLanguage)] : undefined;
  const flags = [detail?.signed === true && 'signed', detail?.altered === true && 'altered'];
  const kind = [finish, quality, language, ...flags].filter(Boolean).join(', ');
  return `${entry.subject_name ?? entry.subject}${kind ? ` (${kind})` : ''}`;
}

function repriced(detail: Detail | null): string {
  const value = num(detail, 'value');
  switch (text(detail, 'action')) {
    case 'set':
      return value === undefined ? 'set a price' : `set to ${formatUsdPlain(value)}`;
    case 'percent':
      return value === undefined ? 'moved by a percentage' : `${value > 0 ? '+' : ''}${value} %`;
    case 'clear':
    case undefined:
    default:
      return 'back to the pricing rule';
  }
}

/** One entry of the shop's log as a sentence a shop owner reads: what was done, to what, with its figures. */
export function describeActivity(entry: ActivityEntry): string {
  const { detail, subject } = entry;
  const quantity = num(detail, 'quantity');
  switch (entry.action) {
    case 'inventory.add':
      return `Added ${quantity ?? ''}${quantity === undefined ? '' : ' × '}${rowOf(entry)}`;
    case 'inventory.edit': {
      const changes = [quantity === undefined ? undefined : `quantity ${quantity}`];
      if (detail && 'asking_price' in detail) {
        const cents = num(detail, 'asking_price') ?? null;
        changes.push(cents === null ? 'price back to the pricing rule' : `price ${price(cents)}`);
      }
      return `Edited ${rowOf(entry)}: ${changes.filter(Boolean).join(', ')}`;
    }
    case 'inventory.import': {
      const mode = text(detail, 'mode');
      const how = mode === 'set' ? ', quantities set' : mode === 'sync' ? ', made the inventory' : '';
      const zeroed = num(detail, 'zeroed') ? `, ${plural(num(detail, 'zeroed') ?? 0, 'row')} set to 0` : '';
      const file = text(detail, 'file');
      const sealed =
        num(detail, 'sealed_added') !== undefined
          ? `, sealed products ${num(detail, 'sealed_added') ?? 0} added and ${num(detail, 'sealed_changed') ?? 0} changed`
          : '';
      return `Imported ${file ? `“${file}”` : 'a CSV file'} (${subject}${how}): ${plural(num(detail, 'rows') ?? 0, 'row')}, ${num(detail, 'added') ?? 0} added${zeroed}${sealed}, ${num(detail, 'refused') ?? 0} refused`;
    }
    case 'inventory.reprice': {
      const scope = subject === '*' || subject === '' ? 'every row' : `the rows “${subject}” finds`;
      return `Repriced ${scope}: ${repriced(detail)} (${plural(num(detail, 'changed') ?? 0, 'row')} changed)`;
    }
    case 'inventory.keep_prices':
      return `Kept the prices from before the market refresh for ${plural(num(detail, 'kept') ?? 0, 'row')} (moved ${num(detail, 'min_percent') ?? subject} % or more)`;
    case 'inventory.delete_all':
      return `Deleted all inventory (${plural(num(detail, 'deleted') ?? 0, 'row')})`;
    case 'admin.inventory.edit':
      return `Platform staff edited ${subject}`;
    case 'admin.inventory.delete':
      return `Platform staff removed ${subject}`;
    case 'admin.inventory.bulk_price':
      return `Platform staff repriced the shop’s inventory (${num(detail, 'percent') ?? 0} %)`;
    case 'sealed.add':
      return `Added sealed product “${text(detail, 'name') ?? subject}” (${num(detail, 'added') ?? quantity ?? 0} in stock)`;
    case 'sealed.edit': {
      const after = (detail?.after ?? null) as Detail | null;
      return `Edited sealed product “${text(after, 'name') ?? subject}”${num(after, 'quantity') === undefined ? '' : `: quantity ${num(after, 'quantity')}`}`;
    }
    case 'sealed.delete':
      return `Removed sealed product “${text(detail, 'name') ?? subject}”`;
    case 'order.place':
      return `Placed order #${subject} (${plural(num(detail, 'lines') ?? 0, 'line')})`;
    case 'order.reserve':
      return `Reserved order #${subject} online (${plural(num(detail, 'lines') ?? 0, 'line')})`;
    case 'order.confirm':
      return `Confirmed order #${subject}`;
    case 'order.reject':
      return `Rejected order #${subject}${text(detail, 'reason') ? `: “${text(detail, 'reason')}”` : ''}`;
    case 'order.expire':
      return `Reservation #${subject} expired unconfirmed; its stock went back on sale`;
    case 'order.picked_up':
      return `Reservation #${subject} was picked up`;
    case 'register.sale': {
      const total = num(detail, 'total_cents');
      return `Rang up sale #${subject} at the register${total === undefined ? '' : ` (${price(total)})`}`;
    }
    case 'order.no_show':
      return `Reservation #${subject} was not picked up (no-show); its stock went back on sale`;
    case 'team.invite':
      return `Invited ${subject} as ${text(detail, 'role') ?? 'a member'}`;
    case 'team.role':
      return `Changed ${subject}’s role from ${text(detail, 'from') ?? '?'} to ${text(detail, 'to') ?? '?'}`;
    case 'team.remove':
      return `Removed ${subject} from the team`;
    case 'settings.save':
      return 'Saved the shop settings';
    case 'device.code':
      return `Made a pairing code for “${subject}”`;
    case 'device.pair':
      return `Paired the tablet “${subject}”`;
    case 'device.remove':
      return `Removed the tablet “${subject}”`;
    case 'subscription.upgrade':
      return `Upgraded the subscription${text(detail, 'to') ? ` to ${text(detail, 'to')}` : ''}`;
    case 'subscription.cancel':
      return 'Cancelled the subscription';
    case 'subscription.resume':
      return 'Resumed the subscription';
    case 'checkout.session.completed':
      return 'Subscribed through Stripe checkout';
    case 'customer.subscription.created':
      return 'Stripe started the subscription';
    case 'customer.subscription.updated':
      return 'Stripe updated the subscription';
    case 'customer.subscription.deleted':
      return 'Stripe ended the subscription';
    case 'customer.subscription.paused':
      return 'Stripe paused the subscription';
    case 'customer.subscription.resumed':
      return 'Stripe resumed the subscription';
    case 'customer.create':
      return `Added customer “${text(detail, 'name') ?? subject}”`;
    case 'customer.update': {
      const after = (detail?.after ?? null) as Detail | null;
      return `Edited customer “${text(after, 'name') ?? subject}”`;
    }
    case 'credit.adjust': {
      const amount = num(detail, 'amount') ?? 0;
      const sign = amount < 0 ? '−' : '+';
      return `Adjusted ${text(detail, 'name') ?? 'a customer'}’s store credit by ${sign}${formatUsdPlain(Math.abs(amount))}: “${text(detail, 'reason') ?? ''}”`;
    }
    case 'credit.spend':
      return `${text(detail, 'name') ?? 'A customer'} paid ${formatUsdPlain(num(detail, 'amount') ?? 0)} of order #${text(detail, 'order') ?? '?'} with store credit`;
    case 'credit.refund':
      return `Gave back ${formatUsdPlain(num(detail, 'amount') ?? 0)} of store credit to ${text(detail, 'name') ?? 'a customer'} (order #${text(detail, 'order') ?? '?'} rejected)`;
    case 'buylist.submit':
      return `Took sell list ${subject} (${plural(num(detail, 'lines') ?? 0, 'line')})`;
    case 'buylist.grade': {
      const lines = Array.isArray(detail?.lines) ? detail.lines.length : 0;
      return `Regraded ${plural(lines, 'line')} of buy order ${subject}`;
    }
    case 'buylist.accept': {
      const amount = `$${centsText(num(detail, 'amount_cents') ?? 0)}`;
      const paid = text(detail, 'payout') === 'credit' ? `${amount} store credit` : `${amount} cash`;
      const copies = num(detail, 'copies');
      const bought = copies === undefined ? '' : ` (${copies} ${copies === 1 ? 'copy' : 'copies'})`;
      return `Accepted buy order ${subject}${bought}: ${paid}`;
    }
    case 'buylist.reject':
      return `Rejected buy order ${subject}${text(detail, 'reason') ? `: “${text(detail, 'reason')}”` : ''}`;
    case 'buylist.rules':
      return 'Changed the buy rules';
    case 'buylist.card':
      return `Set the buylist’s own word on ${entry.subject_name ?? subject}`;
    case 'buylist.card.remove':
      return `${entry.subject_name ?? subject} follows the buy rules again`;
    case 'admin.shop.create':
      return `Platform staff created the shop “${subject}”`;
    case 'admin.shop.update':
      return `Platform staff changed the shop “${subject}”`;
    case 'admin.shop.delete':
      return `Platform staff deleted ${subject}`;
    case 'admin.shop.activate':
      return `Platform staff reactivated the shop “${subject}”`;
    case 'admin.shop.deactivate':
      return `Platform staff deactivated the shop “${subject}”`;
    case 'admin.user.update':
      return `Platform staff changed the account ${subject}`;
    case 'admin.user.delete':
      return `Platform staff deleted the account ${subject}`;
    case 'admin.settings':
      return 'Platform staff changed the platform settings';
    case 'admin.invite':
      // The subject is the invitation code itself: not repeated on a screen.
      return 'Platform staff made an invitation code';
    case 'admin.superadmin.create':
      return `Made ${subject} a platform administrator (new account)`;
    case 'admin.superadmin.promote':
      return `Made ${subject} a platform administrator`;
    default:
      // Only an action no longer recorded gets here: every recorded one has its sentence (see the unit test).
      return `${entry.action} ${subject}`;
  }
}
