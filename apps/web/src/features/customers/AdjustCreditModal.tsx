import { formatUsd, messages, type Customer } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { adjustmentAmount } from './customer-form.ts';

const m = messages.customers.screen;

const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatUsd(Math.abs(amount))}`;

/**
 * Adjust credit (Owner or Manager): an amount either way and a reason, which is required; a second step asks to
 * confirm the change before it is written to the ledger, which cannot be undone (only adjusted again).
 */
export function AdjustCreditModal({
  customer,
  onClose,
  onSaved,
}: {
  customer: Customer;
  onClose: () => void;
  onSaved: (saved: Customer) => void;
}) {
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<number>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function check(e?: FormEvent) {
    e?.preventDefault();
    const amount = adjustmentAmount(amountText);
    const problem = amount === undefined ? m.amountInvalid : reason.trim() ? undefined : m.reasonRequired;
    setError(problem);
    if (problem || amount === undefined) return;
    setConfirming(amount);
  }

  async function save(amount: number) {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await call('customersAdjust', {
        body: { customer_id: customer.id, amount, reason: reason.trim() },
      });
      toast.success(answer.message);
      onSaved(answer.customer);
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, m.adjustFailed));
      setConfirming(undefined);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={m.adjustTitle}
      onClose={onClose}
      footer={
        confirming === undefined ? (
          <DialogActions onCancel={onClose} onConfirm={() => check()} confirm={m.adjustSave} />
        ) : (
          <DialogActions
            dismiss="Back"
            onCancel={() => setConfirming(undefined)}
            onConfirm={() => void save(confirming)}
            confirm={busy ? m.adjusting : 'Confirm'}
            disabled={busy}
            danger={confirming < 0}
          />
        )
      }
    >
      <p className="muted">
        {customer.name}: {m.balance} <strong>{formatUsd(customer.balance)}</strong>
      </p>
      {confirming === undefined ? (
        <form className="form" noValidate onSubmit={check}>
          <FormMessage text={error} />
          <TextField
            label={m.adjustAmount}
            name="amount"
            inputMode="decimal"
            autoFocus
            value={amountText}
            onChange={setAmountText}
          />
          <TextField label={m.adjustReason} name="reason" maxLength={500} value={reason} onChange={setReason} />
          <button type="submit" hidden />
        </form>
      ) : (
        <>
          <FormMessage text={error} />
          <p role="status">{m.adjustConfirm(signed(confirming), customer.name)}</p>
          <p className="muted">“{reason.trim()}”</p>
        </>
      )}
    </Modal>
  );
}
