/**
 * A customer's order status page, `/shop/{subdomain}/order` (on the shop's own host `/order`), a chunk of its own
 * loaded by the storefront's entry: the order number and e-mail (filled from the link in the mail or the
 * confirmation, `?number=&email=`, and then looked up at once), and where the reservation stands.
 */
import {
  finishNames,
  formatUsdPlain,
  languageNames,
  storefrontCartMessages,
  type PublicOrderStatus,
} from '@cardstock/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/http.ts';
import { publicOrderStatus } from '../../lib/public-order-api.ts';
import './cart.css';

const t = storefrontCartMessages.status;

/** The status call's answer, as the contract has it (a type only: the storefront's chunk stays small). */
type OrderStatus = PublicOrderStatus;

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** A UTC ISO time in the customer's own time zone and words. */
const timeText = (iso: string) => when.format(new Date(iso));

/** The status's heading, its sentence and its badge's colour. */
function statusWords(order: OrderStatus): { heading: string; text: string; badge: string } {
  switch (order.status) {
    case 'pending':
      return {
        heading: t.pending,
        text: t.pendingText(order.hold_until ? timeText(order.hold_until) : '—'),
        badge: 'badge-warning',
      };
    case 'confirmed':
      return {
        heading: t.confirmed,
        text: order.pickup_until ? t.confirmedUntil(timeText(order.pickup_until)) : t.confirmedText,
        badge: 'badge-success',
      };
    case 'picked_up':
      return { heading: t.pickedUp, text: t.pickedUpText, badge: 'badge-success' };
    case 'no_show':
      return {
        heading: t.noShow,
        text: t.noShowText(order.pickup_until ? timeText(order.pickup_until) : '—'),
        badge: 'badge-danger',
      };
    case 'rejected':
      return { heading: t.rejected, text: t.rejectedText, badge: 'badge-danger' };
    case 'expired':
      return { heading: t.expired, text: t.expiredText, badge: 'badge-danger' };
  }
}

export interface StorefrontOrderStatusProps {
  subdomain: string;
  /** The address's query string, without `?`: `number` and `email` fill the form. */
  search: string;
  /** The number in the address's path (`/order/{number}`, the mails' link), else the query's. */
  orderNumber?: string;
  /** The shop's storefront: `/shop/{subdomain}`, or `/` on its own host. */
  shopHref: string;
}

/** The page: the lookup form, then the order under it; a refusal keeps what was typed and says why. */
export function StorefrontOrderStatus({ subdomain, search, orderNumber, shopHref }: StorefrontOrderStatusProps) {
  const params = new URLSearchParams(search);
  const [number, setNumber] = useState(orderNumber ?? params.get('number') ?? '');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [order, setOrder] = useState<OrderStatus>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(() => Boolean(number && params.get('email')));
  const controller = useRef<AbortController>(undefined);

  useEffect(() => {
    document.title = `${t.title} — ${subdomain}`;
  }, [subdomain]);

  /** Asks the server; the answer (or why there is none) replaces what was shown. A newer question cancels this one. */
  const lookUp = (orderNumber: string, address: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    publicOrderStatus({ subdomain, order_number: orderNumber.trim(), email: address.trim() }, t.failed, current.signal)
      .then(
        (answer) => {
          setOrder(answer);
          setError(answer ? undefined : t.failed);
        },
        (err: unknown) => {
          if (current.signal.aborted) return;
          setOrder(undefined);
          setError(err instanceof ApiError ? err.message : t.network);
        },
      )
      .finally(() => {
        if (!current.signal.aborted) setBusy(false);
      });
  };

  // A link with both (the mail's, the confirmation's) shows the order without a press: busy from the start.
  const [initial] = useState(() => ({ number, email }));
  useEffect(() => {
    if (initial.number && initial.email) lookUp(initial.number, initial.email);
    return () => controller.current?.abort();
    // Once, for the address the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    lookUp(number, email);
  };

  return (
    <div className="storefront">
      <header className="storefront-banner">
        <h1>{t.title}</h1>
        <p>{t.intro}</p>
      </header>
      <main className="storefront-main order-status">
        <form className="card form order-status-form" onSubmit={submit} aria-busy={busy}>
          {error && (
            <p className="text-error" role="alert">
              {error}
            </p>
          )}
          <label>
            {t.number}
            <input
              name="number"
              required
              maxLength={64}
              autoComplete="off"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
            />
          </label>
          <label>
            {t.email}
            <input
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              // The mails' link brings the number only: the e-mail is what is left to type.
              autoFocus={Boolean(initial.number && !initial.email)}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
          <div className="actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? t.lookingUp : t.lookUp}
            </button>
            <a className="btn btn-ghost" href={shopHref}>
              {t.backToShop}
            </a>
          </div>
        </form>
        {order && <OrderView order={order} />}
      </main>
    </div>
  );
}

/** Where the order stands, its pickup number, lines and total. */
function OrderView({ order }: { order: OrderStatus }) {
  const words = statusWords(order);
  return (
    <section className="card order-status-result" aria-labelledby="order-status-heading" aria-live="polite">
      <h2 id="order-status-heading">
        <span className={`badge ${words.badge}`}>{words.heading}</span> {order.order_number}
      </h2>
      <p>{words.text}</p>
      {order.status === 'rejected' && order.reason && <p>{t.rejectedReason(order.reason)}</p>}
      {(order.status === 'pending' || order.status === 'confirmed') && (
        <p className="order-status-callout">
          {t.callout}: <strong>{order.callout}</strong>
        </p>
      )}
      {order.shop_address && <p>{t.pickupAt(order.shop_address)}</p>}
      {order.pickup_hours && <p>{t.pickupHours(order.pickup_hours)}</p>}
      <p className="hint">{t.placed(timeText(order.placed_at))}</p>
      <table className="table order-status-lines">
        <thead>
          <tr>
            <th scope="col">{t.item}</th>
            <th scope="col">{t.qty}</th>
            <th scope="col">{t.price}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td>
                {item.card_name}
                <span className="hint">
                  {' '}
                  {[
                    item.set_code.toUpperCase(),
                    item.kind === 'single' ? finishNames[item.finish] : '',
                    item.kind === 'single' ? item.quality : '',
                    item.kind === 'single' && item.language && item.language !== 'en'
                      ? languageNames[item.language]
                      : '',
                    item.signed ? t.signed : '',
                    item.altered ? t.altered : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </td>
              <td>{item.quantity}</td>
              <td>{formatUsdPlain(item.price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t.total}
            </th>
            <td>
              <strong>{formatUsdPlain(order.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
