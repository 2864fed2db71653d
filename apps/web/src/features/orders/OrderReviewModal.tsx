import { messages, type PendingOrder } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal.tsx';
import { OrderCardLink } from '../../components/OrderCardLink.tsx';
import { call } from '../../lib/api.ts';
import { formatPrice } from '../../lib/format.ts';
import { finishLabel } from './order-view.ts';
import { OrderSummary } from './OrderParts.tsx';

const m = messages.orders;

type Decision = 'confirm' | 'reject';

interface OrderReviewModalProps {
  order: PendingOrder;
  /** False for roles without 'orders:decide': the modal only shows the order. */
  canDecide: boolean;
  onClose: () => void;
  /** After a call, whatever its outcome: the page reloads the list (and closes the modal when it went through). */
  onDecided: (orderNumber: string, succeeded: boolean) => void;
}

/**
 * Review of one pending order (spec 000 §2, §4): its lines with prices, and
 * Accept (confirm), Cancel (reject, after a confirmation because the stock
 * goes back on sale) and Close.
 */
export function OrderReviewModal({ order, canDecide, onClose, onDecided }: OrderReviewModalProps) {
  const [busy, setBusy] = useState<Decision>();
  const [askingReject, setAskingReject] = useState(false);
  // The shop's reason for rejecting, optional: kept with the order and mailed to an online customer.
  const [reason, setReason] = useState('');
  const reasonTooLong = reason.trim().length > 500;
  const online = order.source_kind === 'online';

  async function decide(decision: Decision) {
    setBusy(decision);
    const body = { body: { order_number: order.order_number } };
    let succeeded = false;
    try {
      if (decision === 'confirm') await call('confirmOrder', body);
      else
        await call('rejectOrder', {
          body: { order_number: order.order_number, ...(reason.trim() ? { reason: reason.trim() } : {}) },
        });
      toast.success(decision === 'confirm' ? m.confirmed : m.rejected);
      succeeded = true;
    } catch {
      toast.error(decision === 'confirm' ? m.confirmFailed : m.rejectFailed);
    }
    setBusy(undefined);
    setAskingReject(false);
    onDecided(order.order_number, succeeded);
  }

  const footer = !canDecide ? (
    <button type="button" className="btn" onClick={onClose}>
      Close
    </button>
  ) : askingReject ? (
    <>
      <p className="order-reject-confirm" role="alert">
        {m.confirmReject(order.order_number)}
      </p>
      <button type="button" className="btn" disabled={busy !== undefined} onClick={() => setAskingReject(false)}>
        Keep Order
      </button>
      <button
        type="button"
        className="btn btn-danger"
        disabled={busy !== undefined || reasonTooLong}
        onClick={() => void decide('reject')}
      >
        {busy === 'reject' ? 'Rejecting...' : 'Reject Order'}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn" onClick={onClose}>
        Close
      </button>
      <button
        type="button"
        className="btn btn-danger"
        disabled={busy !== undefined}
        onClick={() => setAskingReject(true)}
      >
        Cancel
      </button>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy !== undefined}
        onClick={() => void decide('confirm')}
      >
        {busy === 'confirm' ? 'Accepting...' : 'Accept'}
      </button>
    </>
  );

  return (
    <Modal open title="Review Order" onClose={onClose} footer={footer}>
      <div className="order-review">
        <OrderSummary
          orderNumber={order.order_number}
          status={order.status}
          time={order.timestamp}
          timeLabel="Order Time"
          source={order.source}
          sourceKind={order.source_kind}
          customer={order.customer}
          customerId={order.customer_id}
          storeCredit={order.store_credit}
          customerName={order.customer_name}
          total={order.total}
          holdUntil={order.hold_until}
        />
        <div className="table-wrap order-lines-wrap">
          <table className="table order-lines">
            <thead>
              <tr>
                <th scope="col">Card Name</th>
                <th scope="col">Set</th>
                <th scope="col">Finish</th>
                <th scope="col">Quality</th>
                <th scope="col" className="numeric">
                  Quantity
                </th>
                <th scope="col" className="numeric">
                  Unit Price
                </th>
                <th scope="col" className="numeric">
                  Line Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr
                  key={`${item.scryfall_id}-${item.sealed_id ?? ''}-${item.finish}-${item.quality}-${item.language}-${item.signed}-${item.altered}`}
                >
                  <td>
                    <OrderCardLink item={item} />
                  </td>
                  <td>{item.set_code.toUpperCase()}</td>
                  <td>{item.kind === 'sealed' ? '—' : finishLabel(item.finish)}</td>
                  <td>{item.kind === 'sealed' ? '—' : item.quality}</td>
                  <td className="numeric">{item.quantity}</td>
                  <td className="numeric">{formatPrice(item.price)}</td>
                  <td className="numeric">{formatPrice(item.item_total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={4}>Order Total</td>
                <td className="numeric">{order.total_items}</td>
                <td />
                <td className="numeric" data-testid="order-total">
                  {formatPrice(order.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        {canDecide && askingReject && (
          <div className="order-reject-reason">
            <label htmlFor="reject-reason">{m.rejectReasonLabel}</label>
            <textarea
              id="reject-reason"
              rows={2}
              maxLength={600}
              value={reason}
              autoFocus
              aria-describedby="reject-reason-hint"
              aria-invalid={reasonTooLong}
              onChange={(e) => setReason(e.target.value)}
            />
            <small id="reject-reason-hint" className={reasonTooLong ? 'text-error' : 'hint'}>
              {reasonTooLong ? m.rejectReasonTooLong : online ? m.rejectReasonOnlineHint : m.rejectReasonHint}
            </small>
          </div>
        )}
      </div>
    </Modal>
  );
}
