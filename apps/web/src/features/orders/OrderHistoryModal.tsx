import { messages, type ExpiredOrder, type HistoryOrder, type RejectedOrder } from '@cardstock/contract';
import { Modal } from '../../components/Modal.tsx';
import { OrderCardLink } from '../../components/OrderCardLink.tsx';
import { formatPrice } from '../../lib/format.ts';
import { MissingCopiesList, OrderSummary } from './OrderParts.tsx';
import { isReadyForPickup, PickupActions } from './PickupActions.tsx';

/**
 * Review of a confirmed order (spec 000 §2), of a rejected one with its reason, or of an expired reservation: each
 * line's card (its Scryfall page in a new tab, a large preview on hover), set, quantity and price. Read-only, but for a
 * confirmed online reservation waiting at the counter, which staff who may decide orders mark picked up or a no-show
 * (`onPickup`, issue 38).
 */
export function OrderHistoryModal({
  order,
  onClose,
  onPickup,
}: {
  order: HistoryOrder | ExpiredOrder | RejectedOrder;
  onClose: () => void;
  /** Given to staff who may decide orders: called after Picked Up or No-Show, whatever the outcome. */
  onPickup?: (succeeded: boolean) => void;
}) {
  const [time, timeLabel] =
    'expired_timestamp' in order
      ? [order.expired_timestamp, messages.orders.expiredAt]
      : 'rejected_timestamp' in order
        ? [order.rejected_timestamp, messages.orders.rejectedAt]
        : [order.confirmed_timestamp, messages.orders.confirmedAt];
  return (
    <Modal
      open
      title="Order Details"
      onClose={onClose}
      footer={
        'confirmed_timestamp' in order && onPickup && isReadyForPickup(order) ? (
          <PickupActions order={order} onClose={onClose} onDone={onPickup} />
        ) : (
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      <div className="order-review">
        <OrderSummary
          orderNumber={order.order_number}
          status={order.status}
          time={time}
          timeLabel={timeLabel}
          source={order.source}
          sourceKind={order.source_kind}
          customer={order.customer}
          customerId={order.customer_id}
          storeCredit={order.store_credit}
          customerName={order.customer_name}
          total={order.total}
          pickupUntil={'confirmed_timestamp' in order ? order.pickup_until : null}
          closedAt={'confirmed_timestamp' in order ? order.closed_timestamp : null}
          marketCode={order.market_code}
        />
        {order.missing?.length ? <MissingCopiesList missing={order.missing} /> : null}
        {'reason' in order && order.reason && (
          <p className="order-reason">
            <strong>{messages.orders.rejectReason}:</strong> {order.reason}
          </p>
        )}
        <div className="table-wrap order-lines-wrap">
          <table className="table order-lines">
            <thead>
              <tr>
                <th scope="col">Card Name</th>
                <th scope="col">Set</th>
                <th scope="col" className="numeric">
                  Quantity
                </th>
                <th scope="col" className="numeric">
                  Price
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
                  <td className="numeric">{item.quantity}</td>
                  <td className="numeric">{formatPrice(item.price)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>Order Total</td>
                <td className="numeric">{order.total_items}</td>
                <td className="numeric" data-testid="order-total">
                  {formatPrice(order.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </Modal>
  );
}
