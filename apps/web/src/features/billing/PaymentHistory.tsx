import { limits, messages, type Payment } from '@cardstock/contract';
import type { Ref } from 'react';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { formatPrice, saleDate as formatDay } from '../../lib/format.ts';
import { statusBadge } from './billing-view.ts';

/**
 * Payment History (spec 001 §2.6): id, date, status badge, description and
 * amount with two decimals, in a list that scrolls past 400 px. It takes the
 * focus when Quick Actions' View Payment History jumps to it.
 */
export function PaymentHistory({ payments, ref }: { payments: Payment[]; ref?: Ref<HTMLElement> }) {
  return (
    <section
      ref={ref}
      id="payment-history"
      tabIndex={-1}
      className="card billing-card billing-history"
      aria-labelledby="billing-history-title"
    >
      <h2 id="billing-history-title">Payment History</h2>
      <div className="table-wrap billing-payments" style={{ maxHeight: limits.paymentListHeightPx }}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Payment ID</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Description</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.length === 0 ? (
              <TableMessageRow columns={5}>{messages.billing.noPayments}</TableMessageRow>
            ) : (
              payments.map((payment) => {
                const badge = statusBadge(payment.status);
                return (
                  <tr key={payment.id}>
                    <td className="billing-payment-id">{payment.id}</td>
                    <td>{formatDay(payment.date)}</td>
                    <td>
                      <span className={badge.className}>{badge.text}</span>
                    </td>
                    <td>{payment.description}</td>
                    <td className="num">{formatPrice(payment.amount)}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <p className="hint">{messages.billing.refundNote(limits.refundWindowDays)}</p>
    </section>
  );
}
