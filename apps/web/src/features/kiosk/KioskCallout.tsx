import { messages } from '@cardstock/contract';
import { useEffect, useId } from 'react';
import { calloutOf } from '../../lib/format.ts';
import { calloutReturnMs } from './kiosk-device.ts';

const m = messages.kiosk;

interface KioskCalloutProps {
  orderNumber: string;
  shop: string;
  /** 'Start a new order', pressed or after the screen has stood for a while. */
  onDone: () => void;
  /** A sell list's: its callout as the server gave it, and its own words (the order's otherwise). */
  sell?: { callout: string; lead: string; note: string; done: string };
}

/** Full screen after an order: the callout number, large enough to read from a step back. */
export function KioskCallout({ orderNumber, shop, onDone, sell }: KioskCalloutProps) {
  const id = useId();
  useEffect(() => {
    // The next customer should not find the last one's number.
    const timer = window.setTimeout(onDone, calloutReturnMs);
    return () => window.clearTimeout(timer);
  }, [onDone]);

  return (
    <section className="kiosk-center kiosk-callout" role="status" aria-labelledby={`${id}-lead`}>
      <p id={`${id}-lead`} className="kiosk-callout-lead">
        {sell?.lead ?? m.calloutLead}
      </p>
      <p className="kiosk-callout-number" aria-describedby={`${id}-lead`}>
        {sell?.callout ?? calloutOf(orderNumber)}
      </p>
      <p className="kiosk-callout-note">{sell?.note ?? m.calloutNote}</p>
      <p className="muted kiosk-callout-full">
        {shop} · {orderNumber}
      </p>
      <button type="button" className="btn btn-primary kiosk-big-button" onClick={onDone}>
        {sell?.done ?? m.newOrder}
      </button>
    </section>
  );
}
