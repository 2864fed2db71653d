import { adminBounds, messages, type AdminStore } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/FormMessage.tsx';
import { errorText } from '../../lib/api.ts';
import { sanitizeSubdomain } from '../../lib/subdomain.ts';
import { boundedNumber } from './admin-view.ts';

const bound = adminBounds.max_inventory_items;

/** The store settings of spec 001 §3 as the forms edit them (the item cap stays text until saved). */
export interface StoreSettingsForm {
  allow_public_inventory: boolean;
  require_approval: boolean;
  max_inventory_items: string;
}

export const settingsFormOf = (store?: AdminStore): StoreSettingsForm => ({
  allow_public_inventory: store?.settings.allow_public_inventory ?? false,
  require_approval: store?.settings.require_approval ?? true,
  max_inventory_items: String(store?.settings.max_inventory_items ?? bound.fallback),
});

/** The settings to send: the item cap within 1–10000, 1000 when empty or invalid (spec 001 §5). */
export const settingsPayload = (form: StoreSettingsForm) => ({
  allow_public_inventory: form.allow_public_inventory,
  require_approval: form.require_approval,
  max_inventory_items: boundedNumber(form.max_inventory_items, bound),
});

/** The three store settings as fields. */
export function StoreSettingsFields({
  form,
  onChange,
  disabled,
}: {
  form: StoreSettingsForm;
  onChange: (form: StoreSettingsForm) => void;
  disabled?: boolean;
}) {
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.allow_public_inventory}
          disabled={disabled}
          onChange={(e) => onChange({ ...form, allow_public_inventory: e.target.checked })}
        />
        Allow public inventory (storefront visible to everyone)
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.require_approval}
          disabled={disabled}
          onChange={(e) => onChange({ ...form, require_approval: e.target.checked })}
        />
        Require approval of orders
      </label>
      <label>
        Maximum inventory items
        <input
          type="number"
          min={bound.min}
          max={bound.max}
          disabled={disabled}
          value={form.max_inventory_items}
          onChange={(e) => onChange({ ...form, max_inventory_items: e.target.value })}
          onBlur={() =>
            onChange({ ...form, max_inventory_items: String(boundedNumber(form.max_inventory_items, bound)) })
          }
        />
        <span className="hint">
          {bound.min} to {bound.max}; empty or invalid means {bound.fallback}.
        </span>
      </label>
    </>
  );
}

/** A form that saves and shows the server's refusal above itself. */
export function useSaveForm(save: () => Promise<void>) {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  async function run() {
    setSaving(true);
    setError(undefined);
    try {
      await save();
    } catch (err) {
      setError(errorText(err, messages.admin.saveFailed));
    } finally {
      setSaving(false);
    }
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    return run();
  };
  return { error, saving, run, submit, message: <FormMessage text={error} /> };
}

/** The subdomain box: lower case, only a-z, 0-9 and hyphens as typed (spec 001 §5). */
export function SubdomainField({
  value,
  onChange,
  disabled,
  required,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
}) {
  return (
    <label>
      Subdomain
      <input
        name="subdomain"
        required={required}
        disabled={disabled}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(sanitizeSubdomain(e.target.value))}
      />
    </label>
  );
}
