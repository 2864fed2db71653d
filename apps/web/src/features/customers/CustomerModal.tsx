import { messages, type Customer } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call, errorText } from '../../lib/api.ts';
import { customerFormOf, customerFormProblem, emptyCustomerForm, type CustomerForm } from './customer-form.ts';

const m = messages.customers.screen;

/**
 * Add customer, or Edit customer when given one: a name and an e-mail or a phone, notes. What the server refuses
 * (another customer has the e-mail or the phone) is shown in red in the dialog.
 */
export function CustomerModal({
  customer,
  onClose,
  onSaved,
}: {
  customer?: Customer;
  onClose: () => void;
  onSaved: (saved: Customer) => void;
}) {
  const [form, setForm] = useState<CustomerForm>(customer ? customerFormOf(customer) : emptyCustomerForm);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const field = (key: keyof CustomerForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const problem = customerFormProblem(form);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const body = { customer: { ...form } };
      const answer = customer
        ? await call('customersUpdate', { body: { ...body, customer_id: customer.id } })
        : await call('customersCreate', { body });
      toast.success(answer.message);
      onSaved(answer.customer);
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, m.saveFailed));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={customer ? m.editTitle : m.addTitle}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void submit()}
          confirm={busy ? m.saving : customer ? m.save : m.add}
          disabled={busy}
        />
      }
    >
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        <FormMessage text={error} />
        <TextField label="Name" name="name" autoFocus value={form.name} onChange={field('name')} />
        <div className="form-grid">
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={field('email')}
          />
          <TextField label="Phone" name="phone" type="tel" value={form.phone} onChange={field('phone')} />
        </div>
        <label>
          Notes
          <textarea
            name="notes"
            rows={3}
            maxLength={2000}
            value={form.notes}
            onChange={(e) => field('notes')(e.target.value)}
          />
        </label>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
