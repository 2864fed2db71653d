import { messages, type HistoryOrder } from '@cardstock/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { formatLocalTime } from '../../lib/format.ts';

const m = messages.orders;

type Outcome = 'picked_up' | 'no_show';

/** Whether an order is an online reservation waiting at the counter: the two buttons are for it alone. */
export const isReadyForPickup = (order: HistoryOrder): boolean =>
  order.source_kind === 'online' && order.status === 'confirmed';

/**
 * The review modal's footer for a confirmed online reservation (issue 38): Picked Up (final, the sale stands) and
 * No-Show (its cards go back on sale, which cannot be undone, so it asks first). Before the pickup deadline the
 * question names the deadline: the customer was told they had until then. The server refuses a second call, so a
 * double click releases nothing twice.
 */
export function PickupActions({
  order,
  now = () => Date.now(),
  onClose,
  onDone,
}: {
  order: HistoryOrder;
  /** The clock the deadline is compared with (tests may fix it). */
  now?: () => number;
  onClose: () => void;
  /** After a call, whatever its outcome: the page reloads the history (and closes the modal when it went through). */
  onDone: (succeeded: boolean) => void;
}) {
  const [busy, setBusy] = useState<Outcome>();
  const [asking, setAsking] = useState(false);
  const deadline = order.pickup_until ?? null;

  async function mark(outcome: Outcome) {
    setBusy(outcome);
    let succeeded = false;
    try {
      await call(outcome === 'picked_up' ? 'pickedUpOrder' : 'noShowOrder', {
        body: { order_number: order.order_number },
      });
      toast.success(outcome === 'picked_up' ? m.pickedUp : m.noShow);
      succeeded = true;
    } catch (err) {
      // The server's own words (a 409 says the order is not waiting for pickup any more) when it gave any.
      toast.error(
        err instanceof Error && err.message ? err.message : outcome === 'picked_up' ? m.pickedUpFailed : m.noShowFailed,
      );
    }
    setBusy(undefined);
    setAsking(false);
    onDone(succeeded);
  }

  const early = deadline !== null && now() < Date.parse(deadline);
  if (asking)
    return (
      <>
        <p className="order-reject-confirm" role="alert">
          {early ? m.confirmNoShowEarly(formatLocalTime(deadline)) : m.confirmNoShow(order.order_number)}
        </p>
        <button type="button" className="btn" disabled={busy !== undefined} onClick={() => setAsking(false)}>
          {m.keepHolding}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy !== undefined}
          onClick={() => void mark('no_show')}
        >
          {busy === 'no_show' ? 'Releasing...' : m.releaseAnyway}
        </button>
      </>
    );

  return (
    <>
      <button type="button" className="btn" onClick={onClose}>
        Close
      </button>
      {/* A reservation awaiting pickup is picked before its customer comes (issue 41). */}
      <Link to={`/order-management/pick-list?orders=${encodeURIComponent(order.order_number)}`} className="btn">
        {m.pickListButton}
      </Link>
      <button type="button" className="btn btn-danger" disabled={busy !== undefined} onClick={() => setAsking(true)}>
        {busy === 'no_show' ? 'Releasing...' : m.noShowButton}
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy !== undefined}
        onClick={() => void mark('picked_up')}
      >
        {busy === 'picked_up' ? 'Saving...' : m.pickedUpButton}
      </button>
    </>
  );
}
