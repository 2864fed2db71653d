import {
  centsUsd as dollars,
  type ActivityEntry,
  finishNames,
  finishOf,
  formatUsdPlain,
  languageNames,
  languageOf,
} from '@cardstock/contract';
import { activityEventOf, type ActivityDetail, type ActivityEvent } from './activity-event.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A row of stock's kind as inventory entries keep it: finish, condition, language and flags, each maybe absent. */
interface CopyKind {
  finish?: string;
  quality?: string;
  language?: string;
  signed?: true;
  altered?: true;
}

/**
 * "Lightning Bolt (Foil, NM)", "… (Foil, NM, German, signed)": the card's name (or its id, for a card gone from the
 * catalog) and the row's kind; English and unflagged copies go unsaid, as on every screen.
 */
function rowOf(entry: ActivityEntry, copy: CopyKind): string {
  const finish = copy.finish && finishNames[finishOf(copy.finish)];
  const language = copy.language && copy.language !== 'en' ? languageNames[languageOf(copy.language)] : undefined;
  const flags = [copy.signed === true && 'signed', copy.altered === true && 'altered'];
  const kind = [finish, copy.quality, language, ...flags].filter(Boolean).join(', ');
  return `${entry.subject_name ?? entry.subject}${kind ? ` (${kind})` : ''}`;
}

function repriced(detail: ActivityDetail<'inventory.reprice'>): string {
  const value = detail.value ?? undefined;
  switch (detail.action) {
    case 'set':
      return value === undefined ? 'set a price' : `set to ${formatUsdPlain(value)}`;
    case 'percent':
      return value === undefined ? 'moved by a percentage' : `${value > 0 ? '+' : ''}${value} %`;
    case 'clear':
    case undefined:
      return 'back to the pricing rule';
  }
}

/** One entry of the shop's log as a sentence a shop owner reads: what was done, to what, with its figures. */
export function describeActivity(entry: ActivityEntry): string {
  const event = activityEventOf(entry);
  // Only an action no longer recorded has no event: every recorded one has its sentence (see the unit test).
  return event ? sentenceOf(event, entry) : `${entry.action} ${entry.subject}`;
}

function sentenceOf(event: ActivityEvent, entry: ActivityEntry): string {
  const { subject } = entry;
  switch (event.action) {
    case 'inventory.add': {
      const { quantity, location, quick } = event.detail;
      return `${quick ? 'Quick-added' : 'Added'} ${quantity ?? ''}${quantity === undefined ? '' : ' × '}${rowOf(entry, event.detail)}${location ? ` at ${location}` : ''}`;
    }
    case 'inventory.quick_add_undo':
      return `Undid a quick add: took ${event.detail.quantity ?? 1} × ${rowOf(entry, event.detail)} back off the stock`;
    case 'inventory.edit': {
      const { quantity, asking_price: cents, location } = event.detail;
      const changes = [quantity === undefined ? undefined : `quantity ${quantity}`];
      if (cents !== undefined)
        changes.push(cents === null ? 'price back to the pricing rule' : `price ${dollars(cents)}`);
      if (location !== undefined) changes.push(location === null ? 'no location' : `kept at ${location}`);
      return `Edited ${rowOf(entry, event.detail)}: ${changes.filter(Boolean).join(', ')}`;
    }
    case 'inventory.import': {
      const { mode, zeroed, file, sealed_added, sealed_changed, rows, added, refused } = event.detail;
      const how = mode === 'set' ? ', quantities set' : mode === 'sync' ? ', made the inventory' : '';
      const zeroedText = zeroed ? `, ${plural(zeroed, 'row')} set to 0` : '';
      const sealed =
        sealed_added !== undefined ? `, sealed products ${sealed_added} added and ${sealed_changed ?? 0} changed` : '';
      return `Imported ${file ? `“${file}”` : 'a CSV file'} (${subject}${how}): ${plural(rows ?? 0, 'row')}, ${added ?? 0} added${zeroedText}${sealed}, ${refused ?? 0} refused`;
    }
    case 'inventory.reprice': {
      const scope = subject === '*' || subject === '' ? 'every row' : `the rows “${subject}” finds`;
      return `Repriced ${scope}: ${repriced(event.detail)} (${plural(event.detail.changed ?? 0, 'row')} changed)`;
    }
    case 'inventory.locate': {
      const scope = subject === '*' || subject === '' ? 'every row' : `the rows “${subject}” finds`;
      const place = event.detail.location ? `at ${event.detail.location}` : 'at no location';
      return `Put ${scope} ${place} (${plural(event.detail.changed ?? 0, 'row')} changed)`;
    }
    case 'inventory.keep_prices':
      return `Kept the prices from before the market refresh for ${plural(event.detail.kept ?? 0, 'row')} (moved ${event.detail.min_percent ?? subject} % or more)`;
    case 'inventory.delete_all':
      return `Deleted all inventory (${plural(event.detail.deleted ?? 0, 'row')})`;
    case 'admin.inventory.edit':
      return `Platform staff edited ${subject}`;
    case 'admin.inventory.delete':
      return `Platform staff removed ${subject}`;
    case 'admin.inventory.bulk_price':
      return `Platform staff repriced the shop’s inventory (${event.detail.percent ?? 0} %)`;
    case 'sealed.add':
      return `${event.detail.quick ? 'Quick-added' : 'Added'} sealed product “${event.detail.name ?? subject}” (${event.detail.added ?? event.detail.quantity ?? 0} in stock)`;
    case 'sealed.edit': {
      const { after } = event.detail;
      return `Edited sealed product “${after?.name ?? subject}”${after?.quantity === undefined ? '' : `: quantity ${after.quantity}`}`;
    }
    case 'sealed.delete':
      return `Removed sealed product “${event.detail.name ?? subject}”`;
    case 'order.place':
      return `Placed order #${subject} (${plural(event.detail.lines ?? 0, 'line')})`;
    case 'order.reserve':
      return `Reserved order #${subject} online (${plural(event.detail.lines ?? 0, 'line')})`;
    case 'order.confirm':
      return `Confirmed order #${subject}`;
    case 'order.reject':
      return `Rejected order #${subject}${event.detail.reason ? `: “${event.detail.reason}”` : ''}`;
    case 'order.expire':
      return `Reservation #${subject} expired unconfirmed; its stock went back on sale`;
    case 'order.picked_up':
      return `Reservation #${subject} was picked up`;
    case 'order.marketplace': {
      const { marketplace, code, missing } = event.detail;
      const short = missing ? `; ${missing} sold ${missing === 1 ? 'copy was' : 'copies were'} not in stock` : '';
      return `Order #${subject} sold on ${marketplace ?? 'a marketplace'}${code ? ` (${code})` : ''}, taken from stock${short}`;
    }
    case 'order.marketplace_cancel':
      return `Order #${subject} was cancelled on ${event.detail.marketplace ?? 'its marketplace'}; its stock went back on sale`;
    case 'order.attention_clear':
      return `Marked order #${subject}’s missing copies as dealt with`;
    case 'register.sale': {
      const total = event.detail.total_cents;
      const rang = `Rang up sale #${subject} at the register${total === undefined ? '' : ` (${dollars(total)})`}`;
      const tradeIn = event.detail.trade_in;
      if (!tradeIn) return rang;
      const paid = tradeIn.payout === 'credit' ? 'store credit' : 'cash';
      const order = tradeIn.buy_number ? ` (buy order ${tradeIn.buy_number})` : '';
      return `${rang}, with a trade-in of ${dollars(tradeIn.amount_cents ?? 0)} in ${paid}${order}`;
    }
    case 'register.return': {
      const { return_number: number, refund_cents: refund, copies } = event.detail;
      const what = copies === undefined ? '' : ` (${copies} ${copies === 1 ? 'copy' : 'copies'})`;
      return `Took return ${number ?? ''} of sale #${subject}${what}${refund === undefined ? '' : `, ${dollars(refund)} refunded`}`;
    }
    case 'register.drawer_open': {
      const float = event.detail.float_cents;
      return `Opened cash drawer #${subject}${float === undefined ? '' : ` with a float of ${dollars(float)}`}`;
    }
    case 'register.drawer_close': {
      const { counted_cents: counted, over_short_cents: off } = event.detail;
      if (counted === undefined || off === undefined) return `Closed cash drawer #${subject}`;
      const verdict = off === 0 ? 'the count matched' : off > 0 ? `${dollars(off)} over` : `${dollars(-off)} short`;
      return `Closed cash drawer #${subject}: counted ${dollars(counted)}, ${verdict}`;
    }
    case 'register.drawer_move': {
      const { kind, amount_cents: amount, reason } = event.detail;
      const how = kind === 'paid_out' ? 'Paid out' : kind === 'paid_in' ? 'Paid in' : 'Moved cash';
      const what = amount === undefined ? '' : ` ${dollars(amount)}`;
      const into = kind === 'paid_out' ? 'from' : kind === 'paid_in' ? 'into' : 'in';
      return `${how}${what} ${into} cash drawer #${subject}${reason ? `: “${reason}”` : ''}`;
    }
    case 'order.no_show':
      return `Reservation #${subject} was not picked up (no-show); its stock went back on sale`;
    case 'team.invite':
      return `Invited ${subject} as ${event.detail.role ?? 'a member'}`;
    case 'team.role':
      return `Changed ${subject}’s role from ${event.detail.from ?? '?'} to ${event.detail.to ?? '?'}`;
    case 'team.remove':
      return `Removed ${subject} from the team`;
    case 'settings.save':
      return 'Saved the shop settings';
    case 'channel.save': {
      const { connected_account: account, enabled } = event.detail;
      const state = enabled ? 'on' : 'paused';
      return account ? `Connected ${subject} as “${account}” (${state})` : `Changed the ${subject} channel (${state})`;
    }
    case 'device.code':
      return `Made a pairing code for “${subject}”`;
    case 'device.pair':
      return `Paired the tablet “${subject}”`;
    case 'device.remove':
      return `Removed the tablet “${subject}”`;
    case 'subscription.upgrade':
      return `Upgraded the subscription${event.detail.to ? ` to ${event.detail.to}` : ''}`;
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
      return `Added customer “${event.detail.name ?? subject}”`;
    case 'customer.update':
      return `Edited customer “${event.detail.after?.name ?? subject}”`;
    case 'credit.adjust': {
      const { amount = 0, name, reason } = event.detail;
      const sign = amount < 0 ? '−' : '+';
      return `Adjusted ${name ?? 'a customer'}’s store credit by ${sign}${formatUsdPlain(Math.abs(amount))}: “${reason ?? ''}”`;
    }
    case 'credit.spend': {
      const { name, amount, order } = event.detail;
      return `${name ?? 'A customer'} paid ${formatUsdPlain(amount ?? 0)} of order #${order ?? '?'} with store credit`;
    }
    case 'credit.refund': {
      const { name, amount, order } = event.detail;
      return `Gave back ${formatUsdPlain(amount ?? 0)} of store credit to ${name ?? 'a customer'} (order #${order ?? '?'} rejected)`;
    }
    case 'buylist.submit':
      return `Took sell list ${subject} (${plural(event.detail.lines ?? 0, 'line')})`;
    case 'buylist.grade':
      return `Regraded ${plural(event.detail.lines?.length ?? 0, 'line')} of buy order ${subject}`;
    case 'buylist.accept': {
      const { amount_cents, payout, copies } = event.detail;
      const amount = dollars(amount_cents ?? 0);
      const paid = payout === 'credit' ? `${amount} store credit` : `${amount} cash`;
      const bought = copies === undefined ? '' : ` (${copies} ${copies === 1 ? 'copy' : 'copies'})`;
      return `Accepted buy order ${subject}${bought}: ${paid}`;
    }
    case 'buylist.reject':
      return `Rejected buy order ${subject}${event.detail.reason ? `: “${event.detail.reason}”` : ''}`;
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
  }
}
