import { messages, sealedCategories, type SealedItem } from '@cardstock/contract';
import { useState } from 'react';
import { FormModal, useFormSubmit } from '../../components/FormModal.tsx';
import { LocationField } from '../../components/LocationField.tsx';
import { TextField } from '../../components/TextField.tsx';
import { call } from '../../lib/api.ts';
import { emptySealedForm, sealedFormOf, sealedFormProblem, sealedPayload, type SealedForm } from './sealed-form.ts';

const m = messages.sealed;

/** Sends the form: a new product (or more of the same one), or every field of an existing one. */
function save(form: SealedForm, item: SealedItem | undefined) {
  const { upc, location, ...body } = sealedPayload(form);
  // Editing sends the code and the location as they now are ("" clears them); adding sends each only when typed, so
  // adding more of a product never clears its own.
  return item
    ? call('sealedEdit', { body: { ...body, upc, location, id: item.id } })
    : call('sealedAdd', { body: { ...body, ...(upc ? { upc } : {}), ...(location ? { location } : {}) } });
}

/**
 * Add Sealed Product, or Edit Sealed Product when given `item`. The form's own
 * checks use the server's words, so a refused form never reaches the server;
 * what the server still refuses is shown in red in the dialog.
 */
export function SealedProductModal({
  item,
  canPrice = true,
  onClose,
  onSaved,
}: {
  item?: SealedItem;
  /** Owner, Manager: the price can be changed; otherwise it is shown read-only and sent back as it was. */
  canPrice?: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<SealedForm>(item ? sealedFormOf(item) : emptySealedForm);
  const field = (key: keyof SealedForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const sending = useFormSubmit({
    problem: () => sealedFormProblem(form),
    send: () => save(form, item),
    done: () => onSaved(),
    failed: m.saveFailed,
  });

  return (
    <FormModal
      title={item ? m.editTitle : m.addTitle}
      confirm={sending.busy ? m.saving : item ? m.save : m.addConfirm}
      form={sending}
      onClose={onClose}
    >
      <TextField label="Name" name="name" autoFocus value={form.name} onChange={field('name')} />
      <div className="form-grid">
        <label>
          Category
          <select name="category" value={form.category} onChange={(e) => field('category')(e.target.value)}>
            {sealedCategories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <TextField
          label="Set code (optional)"
          name="set_code"
          placeholder="e.g. BLB"
          autoCapitalize="characters"
          value={form.set_code}
          onChange={field('set_code')}
        />
        <TextField
          label="Price ($)"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          readOnly={!canPrice}
          title={canPrice ? undefined : messages.inventory.askingPriceOwnerOnly}
          value={form.price}
          onChange={field('price')}
        />
        <TextField
          label="Quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={form.quantity}
          onChange={field('quantity')}
        />
        <TextField
          label={m.upcLabel}
          name="upc"
          inputMode="numeric"
          placeholder="Scan or type the barcode"
          value={form.upc}
          onChange={field('upc')}
        />
      </div>
      <LocationField value={form.location} onChange={field('location')} />
    </FormModal>
  );
}
