import { formatUsd, type Drawer, type DrawerHandMove, type DrawerReport } from '@cardstock/contract';
import { useState } from 'react';
import { FormModal, useFormSubmit } from '../../components/FormModal.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call } from '../../lib/api.ts';
import { formatMinute } from '../../lib/format.ts';

const when = (iso: string) => formatMinute(iso, { locale: 'en-US' });

/** A money box: dollars with at most 2 decimals, or undefined while it is not one. */
function dollarsOf(text: string): number | undefined {
  const t = text.trim().replace(/^\$/, '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? Number(t) : undefined;
}

interface DrawerBarProps {
  drawer: Drawer | null | undefined;
  onOpened: (drawer: Drawer) => void;
  /** A paid in or paid out recorded: the drawer with its new expected cash. */
  onMoved: (drawer: Drawer) => void;
  onClosed: (report: DrawerReport) => void;
}

/**
 * The Register's cash drawer (decision 038): whose drawer is open and the cash it should hold, or a way to open one
 * with a float; cash paid in or out of it by hand, with a reason; closing it asks for the cash counted and shows the
 * Z report.
 */
export function DrawerBar({ drawer, onOpened, onMoved, onClosed }: DrawerBarProps) {
  const [asking, setAsking] = useState<'open' | 'close' | 'move'>();
  if (drawer === undefined) return <p className="counter-drawer muted">Checking the cash drawer…</p>;
  return (
    <div className="counter-drawer" role="region" aria-label="Cash drawer">
      {drawer ? (
        <>
          <span>
            Drawer open since {when(drawer.opened_at)} · expected cash <strong>{formatUsd(drawer.expected)}</strong>
          </span>
          <span className="counter-drawer-actions">
            <button type="button" className="btn btn-small" onClick={() => setAsking('move')}>
              Paid in/out
            </button>
            <button type="button" className="btn btn-small" onClick={() => setAsking('close')}>
              Close drawer
            </button>
          </span>
        </>
      ) : (
        <>
          <span className="muted">No cash drawer open: cash sales need one.</span>
          <button type="button" className="btn btn-small" onClick={() => setAsking('open')}>
            Open drawer
          </button>
        </>
      )}
      {asking === 'move' && (
        <DrawerMoveDialog
          onClose={() => setAsking(undefined)}
          onMoved={(d) => {
            setAsking(undefined);
            onMoved(d);
          }}
        />
      )}
      {(asking === 'open' || asking === 'close') && (
        <DrawerDialog
          kind={asking}
          onClose={() => setAsking(undefined)}
          onOpened={(d) => {
            setAsking(undefined);
            onOpened(d);
          }}
          onClosed={(r) => {
            setAsking(undefined);
            onClosed(r);
          }}
        />
      )}
    </div>
  );
}

/** Asks for the float (opening) or the cash counted (closing), and sends it. */
function DrawerDialog({
  kind,
  onClose,
  onOpened,
  onClosed,
}: {
  kind: 'open' | 'close';
  onClose: () => void;
  onOpened: (drawer: Drawer) => void;
  onClosed: (report: DrawerReport) => void;
}) {
  const [text, setText] = useState('');
  const label = kind === 'open' ? 'Float' : 'Cash counted';
  const form = useFormSubmit<{ message: string; drawer: Drawer } | DrawerReport>({
    problem: () =>
      dollarsOf(text) === undefined ? `${label} is an amount in dollars, with at most 2 decimals.` : undefined,
    send: () =>
      kind === 'open'
        ? call('registerDrawerOpen', { body: { float: dollarsOf(text)! } })
        : call('registerDrawerClose', { body: { counted: dollarsOf(text)! } }),
    done: (answer) => ('counted' in answer ? onClosed(answer) : onOpened(answer.drawer)),
    failed: 'The drawer could not be changed.',
  });
  return (
    <FormModal
      title={kind === 'open' ? 'Open the cash drawer' : 'Close the cash drawer'}
      confirm={form.busy ? 'Sending…' : kind === 'open' ? 'Open drawer' : 'Close drawer'}
      form={form}
      onClose={onClose}
    >
      <p className="muted">
        {kind === 'open'
          ? 'Count the cash you put in the drawer to give change from.'
          : 'Count the cash in the drawer. The Z report compares it with what the sales say it should hold.'}
      </p>
      <TextField
        label={label}
        name={kind === 'open' ? 'float' : 'counted'}
        value={text}
        onChange={setText}
        inputMode="decimal"
        autoFocus
      />
    </FormModal>
  );
}

const reasonMax = 200;

/**
 * Asks which way the cash goes (no choice made for the person: a wrong default would move money the wrong way), how
 * much and why, and records it; the server's refusal (no more out than the drawer holds) shows here.
 */
function DrawerMoveDialog({ onClose, onMoved }: { onClose: () => void; onMoved: (drawer: Drawer) => void }) {
  const [kind, setKind] = useState<DrawerHandMove>();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const dollars = dollarsOf(amount);
  const form = useFormSubmit({
    problem: () =>
      !kind
        ? 'Choose paid in or paid out.'
        : dollars === undefined || dollars === 0
          ? 'Amount is an amount in dollars over 0, with at most 2 decimals.'
          : !reason.trim()
            ? 'Say why the cash moves.'
            : reason.trim().length > reasonMax
              ? `The reason can be at most ${reasonMax} characters.`
              : undefined,
    send: () => call('registerDrawerMove', { body: { kind: kind!, amount: dollars!, reason: reason.trim() } }),
    done: (answer) => onMoved(answer.drawer),
    failed: 'The cash could not be recorded.',
  });
  const choice = (value: DrawerHandMove, label: string) => (
    <label className="checkbox">
      <input type="radio" name="drawer-move-kind" checked={kind === value} onChange={() => setKind(value)} /> {label}
    </label>
  );
  return (
    <FormModal
      title="Paid in or out of the cash drawer"
      confirm={form.busy ? 'Sending…' : 'Record'}
      form={form}
      onClose={onClose}
    >
      <p className="muted">Cash put in or taken out outside a sale: change from the bank, stamps, a supplier paid.</p>
      <fieldset>
        <legend className="muted">Cash</legend>
        {choice('paid_in', 'Paid in')}
        {choice('paid_out', 'Paid out')}
      </fieldset>
      <TextField label="Amount" name="amount" value={amount} onChange={setAmount} inputMode="decimal" />
      <TextField label="Reason" name="reason" value={reason} onChange={setReason} maxLength={reasonMax} />
    </FormModal>
  );
}

/** A closed drawer's Z report: printable from the browser (the rest of the page is left out of the print). */
export function ZReport({ report, onDone }: { report: DrawerReport; onDone: () => void }) {
  const totals: [string, string | number][] = [
    ['Sales', report.sales.count],
    ['Gross', formatUsd(report.sales.gross)],
    ['Discounts', formatUsd(report.sales.discounts)],
    ['Tax collected', formatUsd(report.sales.tax)],
    ['Total', formatUsd(report.sales.total)],
    ['Cash', formatUsd(report.by_tender.cash)],
    ['Card', formatUsd(report.by_tender.card)],
    ['Store credit', formatUsd(report.by_tender.store_credit)],
    ['Other', formatUsd(report.by_tender.other)],
    ['Trade-ins (cash / credit)', `${formatUsd(report.trade_ins.cash)} / ${formatUsd(report.trade_ins.credit)}`],
    ['Returns in cash', formatUsd(report.returns.cash)],
  ];
  const rows: [string, number][] = [
    ['Float', report.cash.float],
    ['Cash sales', report.cash.sales],
    ['Change given', report.cash.change],
    ['Trade-ins paid in cash', report.cash.payouts],
    ['Cash refunds', report.cash.refunds],
    ['Paid in', report.cash.paid_in],
    ['Paid out', report.cash.paid_out],
  ];
  const overShort = report.over_short;
  return (
    <section className="card counter-z-report" aria-labelledby="counter-z-title">
      <h2 id="counter-z-title">Z report</h2>
      <p className="muted">
        Drawer of {report.drawer.opened_by}, opened {when(report.drawer.opened_at)}
        {report.drawer.closed_at ? `, closed ${when(report.drawer.closed_at)}` : ''}.
      </p>
      <table className="table" aria-label="Drawer totals">
        <tbody>
          {totals.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table" aria-label="Drawer cash">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{formatUsd(value)}</td>
            </tr>
          ))}
          <tr className="counter-z-strong">
            <th scope="row">Expected</th>
            <td>{formatUsd(report.expected)}</td>
          </tr>
          <tr className="counter-z-strong">
            <th scope="row">Counted</th>
            <td>{formatUsd(report.counted)}</td>
          </tr>
          <tr className="counter-z-strong">
            <th scope="row">{overShort < 0 ? 'Short' : overShort > 0 ? 'Over' : 'Over / short'}</th>
            <td>{formatUsd(Math.abs(overShort))}</td>
          </tr>
        </tbody>
      </table>
      <div className="counter-done-actions">
        <button type="button" className="btn" onClick={() => window.print()}>
          Print Z report
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          Back to the Register
        </button>
      </div>
    </section>
  );
}
