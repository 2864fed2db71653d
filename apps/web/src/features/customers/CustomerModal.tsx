import { messages, type Customer } from '@cardstock/contract';
import { useState } from 'react';
import { FormModal, useFormSubmit } from '../../components/FormModal.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call } from '../../lib/api.ts';
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
  const field = (key: Exclude<keyof CustomerForm, 'taxExempt'>) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const sending = useFormSubmit({
    problem: () => customerFormProblem(form),
    send: () => {
      const { taxExempt, ...fields } = form;
      const body = { customer: { ...fields, tax_exempt: taxExempt } };
      return customer
        ? call('customersUpdate', { body: { ...body, customer_id: customer.id } })
        : call('customersCreate', { body });
    },
    done: (answer) => onSaved(answer.customer),
    failed: m.saveFailed,
  });

  return (
    <FormModal
      title={customer ? m.editTitle : m.addTitle}
      confirm={sending.busy ? m.saving : customer ? m.save : m.add}
      form={sending}
      onClose={onClose}
    >
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
      <label className="checkbox">
        <input
          type="checkbox"
          name="tax_exempt"
          checked={form.taxExempt}
          onChange={(e) => setForm((f) => ({ ...f, taxExempt: e.target.checked }))}
        />
        {m.taxExempt}
      </label>
    </FormModal>
  );
}
