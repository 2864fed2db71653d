import {
  centsToDollars,
  dollarsToCents,
  formatUsd,
  messages,
  type ExpiredOrder,
  type MissingCopies,
  type PendingOrder,
} from '@cardstock/contract';
import { Link } from 'react-router';
import '../../components/order-review.css';
import { calloutOf, formatLocalTime } from '../../lib/format.ts';
import './order-screens.css';

type Status = PendingOrder['status'] | ExpiredOrder['status'];

const statusBadge: Record<Status, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge badge-warning' },
  confirmed: { label: 'Confirmed', className: 'badge badge-success' },
  rejected: { label: 'Rejected', className: 'badge badge-danger' },
  expired: { label: 'Expired', className: 'badge badge-expired' },
  picked_up: { label: 'Picked Up', className: 'badge badge-success' },
  no_show: { label: 'No-Show', className: 'badge badge-expired' },
};

export function OrderStatus({ status }: { status: Status }) {
  const { label, className } = statusBadge[status];
  return <span className={className}>{label}</span>;
}

/** An online reservation's mark beside its number or source: the word and, for screen readers, what it means. */
export function OnlineBadge() {
  return (
    <span className="badge badge-online" title={messages.orders.onlineBadgeLabel}>
      {messages.orders.onlineBadge}
    </span>
  );
}

/** A marketplace's sale (issue 42) in the orders table: the marketplace, its order code in the title. */
export function MarketBadge({ marketplace, code }: { marketplace: string; code: string }) {
  return (
    <span className="badge badge-market" title={messages.orders.marketBadgeLabel(marketplace, code)}>
      {marketplace}
    </span>
  );
}

/** A marketplace's sale that named copies the shop no longer had, in the orders table. */
export function AttentionBadge() {
  return <span className="badge badge-attention">{messages.orders.attentionBadge}</span>;
}

/** What a marketplace's sale named that the shop no longer had (issue 42), one line per card. */
export function MissingCopiesList({ missing }: { missing: readonly MissingCopies[] }) {
  return (
    <div className="order-missing" role="note">
      <strong>{messages.orders.missingTitle}</strong>
      <ul>
        {missing.map((copy) => (
          <li key={`${copy.card_name}|${copy.set_code}`}>
            {messages.orders.missingLine(copy.quantity, copy.card_name, copy.set_code)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An order paid partly or wholly with a customer's store credit, in the orders table. */
export function CreditBadge({ amount }: { amount: number }) {
  const usd = formatUsd(amount);
  return (
    <span className="badge badge-credit" title={messages.customers.screen.creditBadgeLabel(usd)}>
      {messages.customers.screen.creditBadge(usd)}
    </span>
  );
}

/**
 * The top of a review modal: the callout, large, beside the order's facts; for an online reservation, its customer
 * (name, e-mail to write to, phone to call) and, while pending, until when the shop holds it.
 */
export function OrderSummary({
  orderNumber,
  status,
  time,
  timeLabel,
  source,
  sourceKind,
  customer,
  holdUntil,
  customerId,
  storeCredit,
  customerName,
  total,
  pickupUntil,
  closedAt,
  marketCode,
}: {
  orderNumber: string;
  status: Status;
  time: string;
  timeLabel: string;
  source: string;
  sourceKind?: PendingOrder['source_kind'];
  customer?: PendingOrder['customer'];
  holdUntil?: string | null;
  /** The shop's customer the order is for (issue 25), and the store credit that paid part of it. */
  customerId?: number | null;
  storeCredit?: number;
  /** Who the order is for, by name, and its total: with credit, what is left to collect is said beside it. */
  customerName?: string | null;
  total?: number;
  /** A confirmed online reservation: its pickup deadline, and when it was picked up or released (issue 38). */
  pickupUntil?: string | null;
  closedAt?: string | null;
  /** A marketplace's sale (issue 42): its order code there. */
  marketCode?: string;
}) {
  const toCollect =
    total !== undefined && storeCredit !== undefined && storeCredit > 0
      ? centsToDollars(dollarsToCents(total) - dollarsToCents(storeCredit))
      : undefined;
  return (
    <div className="order-summary">
      <div className="order-callout" aria-label={`Callout number ${calloutOf(orderNumber)}`}>
        <span className="order-callout-label">Callout</span>
        <span className="order-callout-number">{calloutOf(orderNumber)}</span>
      </div>
      <dl className="facts order-facts">
        <dt>Order Number</dt>
        <dd className="mono">{orderNumber}</dd>
        <dt>Status</dt>
        <dd>
          <OrderStatus status={status} />
        </dd>
        <dt>{timeLabel}</dt>
        <dd>
          <time dateTime={time}>{formatLocalTime(time)}</time>
        </dd>
        {source && (
          <>
            <dt>Placed By</dt>
            <dd>{sourceKind === 'online' ? <OnlineBadge /> : source}</dd>
          </>
        )}
        {marketCode && (
          <>
            <dt>{messages.orders.marketCode(source)}</dt>
            <dd className="mono" data-testid="order-market-code">
              {marketCode}
            </dd>
          </>
        )}
        {customer && (
          <>
            <dt>Customer</dt>
            <dd>{customer.name}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
            {customer.phone && (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${customer.phone.replace(/[^0-9+]/g, '')}`}>{customer.phone}</a>
                </dd>
              </>
            )}
          </>
        )}
        {customerId != null && (
          <>
            <dt>{messages.customers.screen.picker}</dt>
            <dd data-testid="order-customer">
              <Link to={`/customers/${customerId}`}>{customerName || messages.customers.screen.openCustomer}</Link>
            </dd>
          </>
        )}
        {storeCredit !== undefined && storeCredit > 0 && (
          <>
            <dt>{messages.customers.screen.creditPaid}</dt>
            <dd data-testid="order-store-credit">{formatUsd(storeCredit)}</dd>
          </>
        )}
        {toCollect !== undefined && (
          <>
            <dt>{messages.customers.screen.toCollect}</dt>
            <dd data-testid="order-to-collect">
              <strong>{formatUsd(toCollect)}</strong>
            </dd>
          </>
        )}
        {pickupUntil && (
          <>
            <dt>{messages.orders.pickupUntil}</dt>
            <dd data-testid="order-pickup-until">
              <time dateTime={pickupUntil}>{formatLocalTime(pickupUntil)}</time>
            </dd>
          </>
        )}
        {closedAt && (status === 'picked_up' || status === 'no_show') && (
          <>
            <dt>{messages.orders.closedAt[status]}</dt>
            <dd>
              <time dateTime={closedAt}>{formatLocalTime(closedAt)}</time>
            </dd>
          </>
        )}
        {status === 'pending' && holdUntil && (
          <>
            <dt>{messages.orders.heldUntil}</dt>
            <dd>
              <time dateTime={holdUntil}>{formatLocalTime(holdUntil)}</time>
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
