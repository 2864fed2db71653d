import {
  buylistMessages,
  type BuyOrder,
  centsToDollars,
  dollarsToCents,
  finishNames,
  formatUsd,
  qualities,
  type Quality,
} from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { Modal } from '../../components/Modal.tsx';
import { OrderCardLink } from '../../components/OrderCardLink.tsx';
import { ApiError, call, errorText } from '../../lib/api.ts';
import { formatLocalTime } from '../../lib/format.ts';
import { userRole } from '../../lib/session.ts';
import { reasonText } from './buy-view.ts';

const m = buylistMessages.screen;

const statusBadge: Record<BuyOrder['status'], { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'badge badge-warning' },
  accepted: { label: 'Accepted', className: 'badge badge-success' },
  rejected: { label: 'Rejected', className: 'badge badge-danger' },
};

export function BuyStatus({ status }: { status: BuyOrder['status'] }) {
  const { label, className } = statusBadge[status];
  return <span className={className}>{label}</span>;
}

type Asking = { kind: 'accept' } | { kind: 'reject' } | { kind: 'drop'; lineId: number; name: string };

interface BuyOrderReviewProps {
  order: BuyOrder;
  /** False for a Watcher (and for a decided order): the lines are shown, not changed. */
  canTake: boolean;
  onClose: () => void;
  /** A grading's answer: the order as it stands now. */
  onChanged: (order: BuyOrder) => void;
  /** Accepted or rejected (or found decided elsewhere): the page reloads its lists. */
  onDecided: (buyNumber: string, closed: boolean) => void;
}

/**
 * One buy order under review: the callout, the seller, each line with its condition and copies (changing either
 * asks the server to grade it, and the offer it answers is the one shown), per-line and total offers, the payout
 * (cash, or store credit for a known customer), Accept after a confirmation naming the amount, and Reject with a
 * reason. An order decided elsewhere meanwhile (NOT_PENDING) is said so, and the list is refreshed.
 */
export function BuyOrderReview({ order, canTake, onClose, onChanged, onDecided }: BuyOrderReviewProps) {
  const pending = order.status === 'pending';
  const editable = canTake && pending;
  const [payout, setPayout] = useState<'cash' | 'credit'>(order.customer ? 'credit' : 'cash');
  const [asking, setAsking] = useState<Asking>();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const reasonTooLong = reason.trim().length > 500;
  const amount = payout === 'cash' ? order.total_cash : order.total_credit;
  const nothing = order.total_items === 0;
  /**
   * The grading under way, if any. A quantity is committed when its box loses focus, which a press on Accept
   * causes: the grading starts between the press and the click, so Accept must not be disabled by it (a disabled
   * button swallows the click). Accept waits for it instead and opens the confirmation with the new offer.
   */
  const grading = useRef<Promise<BuyOrder | undefined>>(undefined);
  // An Employee's payout limit is said on the review, before Accept, not only in the refusal after it.
  const employee = userRole() === 'Employee';
  const rules = useQuery({
    queryKey: ['buylist', 'rules'],
    queryFn: () => call('buylistRules').then((a) => a.data.rules),
    enabled: editable && employee,
    retry: false,
  });
  const limit = employee ? rules.data?.employee_accept_limit_cents : undefined;
  const overLimit = limit !== undefined && dollarsToCents(amount) > limit;

  /**
   * A refusal: NOT_PENDING means another screen decided the order (the list is refreshed); anything else, other
   * conflicts too (nothing wanted, credit without a customer), is said in the dialog.
   */
  function failed(err: unknown, fallback: string): false {
    if (err instanceof ApiError && err.code === 'NOT_PENDING') {
      toast.error(`${err.message} ${m.changedElsewhere}`);
      onDecided(order.buy_number, true);
    } else setError(errorText(err, m.network, fallback));
    return false;
  }

  function grade(line: { line_id: number; quality?: Quality; quantity?: number }): Promise<BuyOrder | undefined> {
    setBusy(true);
    setError(undefined);
    const run = (async () => {
      try {
        const answer = await call(
          'buylistGrade',
          { body: { buy_number: order.buy_number, lines: [line] } },
          m.gradeFailed,
        );
        onChanged(answer.buy_order);
        return answer.buy_order;
      } catch (err) {
        failed(err, m.gradeFailed);
        return undefined;
      } finally {
        setBusy(false);
        grading.current = undefined;
      }
    })();
    grading.current = run;
    return run;
  }

  /** Accept pressed: after a grading under way has answered (and left something to buy), the confirmation. */
  async function askAccept() {
    if (grading.current) {
      const graded = await grading.current;
      if (!graded || graded.status !== 'pending' || graded.total_items === 0) return;
    }
    setAsking({ kind: 'accept' });
  }

  async function accept(): Promise<boolean> {
    setError(undefined);
    try {
      const answer = await call('buylistAccept', { body: { buy_number: order.buy_number, payout } });
      toast.success(answer.message);
      onDecided(order.buy_number, true);
      return true;
    } catch (err) {
      setAsking(undefined);
      return failed(err, 'The buy order could not be accepted.');
    }
  }

  async function reject(): Promise<boolean> {
    setError(undefined);
    try {
      const answer = await call('buylistReject', {
        body: { buy_number: order.buy_number, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      });
      toast.success(answer.message);
      onDecided(order.buy_number, true);
      return true;
    } catch (err) {
      setAsking(undefined);
      return failed(err, 'The buy order could not be rejected.');
    }
  }

  const footer = !editable ? (
    <button type="button" className="btn" onClick={onClose}>
      Close
    </button>
  ) : (
    <>
      <fieldset className="buy-payout" disabled={busy}>
        <legend>Pay out</legend>
        <label className="checkbox">
          <input type="radio" name="payout" checked={payout === 'cash'} onChange={() => setPayout('cash')} /> Cash{' '}
          <strong>{formatUsd(order.total_cash)}</strong>
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="payout"
            checked={payout === 'credit'}
            disabled={!order.customer}
            onChange={() => setPayout('credit')}
          />{' '}
          Store credit <strong>{formatUsd(order.total_credit)}</strong>
        </label>
      </fieldset>
      <button type="button" className="btn" onClick={onClose}>
        Close
      </button>
      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setAsking({ kind: 'reject' })}>
        Reject
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={nothing || (payout === 'credit' && !order.customer)}
        aria-busy={busy}
        onClick={() => void askAccept()}
      >
        Accept
      </button>
    </>
  );

  return (
    <Modal open title={`Sell list ${order.callout}`} onClose={onClose} footer={footer}>
      <div className="order-review buy-review">
        <div className="order-summary">
          <div className="order-callout" aria-label={`Callout number ${order.callout}`}>
            <span className="order-callout-label">Callout</span>
            <span className="order-callout-number">{order.callout}</span>
          </div>
          <dl className="facts order-facts">
            <dt>Buy Number</dt>
            <dd className="mono">{order.buy_number}</dd>
            <dt>Status</dt>
            <dd>
              <BuyStatus status={order.status} />
            </dd>
            <dt>Submitted</dt>
            <dd>
              <time dateTime={order.timestamp}>{formatLocalTime(order.timestamp)}</time>
            </dd>
            <dt>From</dt>
            <dd>{order.source}</dd>
            <dt>Customer</dt>
            <dd>
              {order.customer ? (
                <>
                  {order.customer.name}
                  {order.customer.email && <> · {order.customer.email}</>}
                  {order.customer.phone && <> · {order.customer.phone}</>}
                </>
              ) : (
                <span className="muted">{m.noCustomer}</span>
              )}
            </dd>
            {order.status === 'accepted' && order.paid !== null && (
              <>
                <dt>Paid</dt>
                <dd>
                  {formatUsd(order.paid)} {order.payout === 'credit' ? 'store credit' : 'cash'}
                  {order.decided_by && <> · {order.decided_by}</>}
                </dd>
              </>
            )}
            {order.status === 'rejected' && (
              <>
                <dt>Reason</dt>
                <dd>{order.reason || '—'}</dd>
              </>
            )}
          </dl>
        </div>
        <div className="table-wrap order-lines-wrap">
          <table className="table order-lines buy-lines">
            <thead>
              <tr>
                <th scope="col">Card Name</th>
                <th scope="col">Set · Finish</th>
                <th scope="col">Condition</th>
                <th scope="col" className="numeric">
                  Quantity
                </th>
                <th scope="col" className="numeric">
                  Cash each
                </th>
                <th scope="col" className="numeric">
                  Credit each
                </th>
                <th scope="col" className="numeric">
                  Buying
                </th>
                {editable && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.line_id} aria-label={item.card_name}>
                  <td>
                    <OrderCardLink item={item} />
                    {item.hotlist && <span className="badge badge-hot">Hotlist</span>}
                    {item.graded && <span className="badge">Graded</span>}
                  </td>
                  <td className="buy-set">
                    {item.set_code.toUpperCase()} #{item.collector_number}
                    <span className="muted buy-number">{finishNames[item.finish]}</span>
                  </td>
                  <td>
                    {editable ? (
                      <select
                        aria-label={`Condition of ${item.card_name}`}
                        value={item.quality}
                        disabled={busy}
                        onChange={(e) => void grade({ line_id: item.line_id, quality: e.target.value as Quality })}
                      >
                        {qualities.map((q) => (
                          <option key={q} value={q}>
                            {q}
                          </option>
                        ))}
                      </select>
                    ) : (
                      item.quality
                    )}
                  </td>
                  <td className="numeric">
                    {editable ? (
                      <QuantityBox
                        name={item.card_name}
                        value={item.quantity}
                        disabled={busy}
                        onCommit={(quantity) => void grade({ line_id: item.line_id, quantity })}
                      />
                    ) : (
                      item.quantity
                    )}
                  </td>
                  <td className="numeric" data-testid="line-cash">
                    {item.reason ? '—' : formatUsd(item.cash)}
                  </td>
                  <td className="numeric" data-testid="line-credit">
                    {item.reason ? '—' : formatUsd(item.credit)}
                  </td>
                  <td className="numeric">
                    {item.reason ? <span className="sell-no-offer">{reasonText(item.reason)}</span> : item.wanted}
                  </td>
                  {editable && (
                    <td>
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={busy}
                        aria-label={`Drop ${item.card_name}`}
                        onClick={() => setAsking({ kind: 'drop', lineId: item.line_id, name: item.card_name })}
                      >
                        Drop
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={3}>Total</td>
                <td className="numeric">{order.total_items}</td>
                <td className="numeric" data-testid="buy-total-cash">
                  {formatUsd(order.total_cash)}
                </td>
                <td className="numeric" data-testid="buy-total-credit">
                  {formatUsd(order.total_credit)}
                </td>
                <td />
                {editable && <td />}
              </tr>
            </tfoot>
          </table>
        </div>
        {editable && nothing && <p className="muted">{m.nothingWanted}</p>}
        {editable && limit !== undefined && (
          <p className={overLimit ? 'text-error' : 'hint'} data-testid="buy-employee-limit">
            {overLimit
              ? m.overEmployeeLimit(formatUsd(centsToDollars(limit)))
              : m.employeeLimit(formatUsd(centsToDollars(limit)))}
          </p>
        )}
        {editable && !order.customer && <p className="hint">{m.creditNeedsCustomer}</p>}
        {!canTake && pending && <p className="muted">{m.viewOnly}</p>}
        {error && (
          <p className="text-error" role="alert">
            {error}
          </p>
        )}
      </div>
      {asking?.kind === 'accept' && (
        <ConfirmModal
          title="Accept buy order"
          confirm={payout === 'cash' ? `Pay ${formatUsd(amount)}` : `Add ${formatUsd(amount)} credit`}
          busyLabel="Accepting..."
          danger={false}
          onClose={() => setAsking(undefined)}
          onConfirm={accept}
        >
          <p>{m.confirmAccept(payout, formatUsd(amount), order.customer?.name ?? null)}</p>
        </ConfirmModal>
      )}
      {asking?.kind === 'reject' && (
        <ConfirmModal
          title="Reject buy order"
          confirm="Reject"
          busyLabel="Rejecting..."
          dismiss="Keep it"
          onClose={() => setAsking(undefined)}
          onConfirm={() => (reasonTooLong ? Promise.resolve(false) : reject())}
        >
          <p>{m.confirmReject(order.callout)}</p>
          <div className="order-reject-reason">
            <label htmlFor="buy-reject-reason">{m.rejectReasonLabel}</label>
            <textarea
              id="buy-reject-reason"
              rows={2}
              maxLength={600}
              value={reason}
              aria-invalid={reasonTooLong}
              onChange={(e) => setReason(e.target.value)}
            />
            {reasonTooLong && <small className="text-error">{m.rejectReasonTooLong}</small>}
          </div>
        </ConfirmModal>
      )}
      {asking?.kind === 'drop' && (
        <ConfirmModal
          title="Drop line"
          confirm="Drop"
          busyLabel="Dropping..."
          onClose={() => setAsking(undefined)}
          onConfirm={async () => {
            const lineId = asking.lineId;
            setAsking(undefined);
            await grade({ line_id: lineId, quantity: 0 });
            return true;
          }}
        >
          <p>{m.confirmDrop(asking.name)}</p>
        </ConfirmModal>
      )}
    </Modal>
  );
}

/** A line's copies: typed, then applied on Enter or on leaving the box (a new offer per change, not per digit). */
function QuantityBox({
  name,
  value,
  disabled,
  onCommit,
}: {
  name: string;
  value: number;
  disabled: boolean;
  onCommit: (n: number) => void;
}) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const apply = () => {
    const n = Math.floor(Number(text));
    if (!Number.isFinite(n) || n < 1 || n > 1000) {
      setText(String(value));
      return;
    }
    if (n !== value) onCommit(n);
  };
  return (
    <input
      className="buy-qty"
      type="number"
      min={1}
      max={1000}
      aria-label={`Quantity of ${name}`}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
    />
  );
}
