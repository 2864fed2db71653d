import { splitOrderNumber } from '../lib/format.ts';
import './OrderNumber.css';

/** An order number with its callout (the part staff call out) emphasised. */
export function OrderNumber({ orderNumber }: { orderNumber: string }) {
  const { prefix, callout } = splitOrderNumber(orderNumber);
  return (
    <span className="order-number">
      <span className="order-number-prefix">{prefix}</span>
      <strong className="order-number-callout">{callout}</strong>
    </span>
  );
}
