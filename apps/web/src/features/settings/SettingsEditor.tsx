import {
  pricedLanguages,
  languageNames,
  lowStockLimits,
  messages,
  qualities,
  reservationLimitBounds,
  reservationLimits,
  returnPolicyMaxLength,
  storefrontAddress,
  timings,
  type Quality,
  type ShopSettings,
} from '@cardstock/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { FormMessage } from '../../components/FormMessage.tsx';
import { call, errorText } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/use-public-config.ts';
import { hasAuthToken } from '../../lib/session.ts';
import { sanitizeSubdomain } from '../../lib/subdomain.ts';
import {
  descriptionMaxLength,
  exampleSentence,
  formOf,
  holdHoursProblem,
  pricingOf,
  productHost,
  perCustomerLimitKeys,
  settingsPayload,
  storefrontHost,
  type SettingsForm,
} from './settings-form.ts';

/** Every IANA time zone the browser knows, for the shop's choice (the server checks the same names). */
const timeZones: readonly string[] = Intl.supportedValuesOf('timeZone');

const m = messages.settings;

interface SettingsEditorProps {
  settings: ShopSettings;
  isResetting: boolean;
  onReset: () => void;
}

/**
 * The settings form (spec 001 §2.4, §4, §5; DESIGN §4). Save checks the form
 * with the server's own schema first and sends nothing while there is a
 * problem; after a successful save the page reloads, so the info above shows
 * what the server now has.
 */
export function SettingsEditor({ settings, isResetting, onReset }: SettingsEditorProps) {
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings));
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const reloadTimer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  // The storefront's address as the server says it (Current info's Public URL): from the platform's public address,
  // not from wherever this page happens to be open (issue 38: Settings showed two addresses for one storefront).
  const publicUrl = usePublicConfig().data?.public_url;
  const address = (subdomain: string) =>
    publicUrl ? storefrontAddress(publicUrl, subdomain) : storefrontHost(subdomain, productHost(window.location.host));
  const pathAddress = publicUrl !== undefined && storefrontAddress(publicUrl, 'x').endsWith('/shop/x');
  const host = publicUrl ? new URL(publicUrl).host : productHost(window.location.host);
  const pricing = pricingOf(form);
  const holdProblem = holdHoursProblem(form);

  function update(change: Partial<SettingsForm>) {
    setForm((f) => ({ ...f, ...change }));
    setProblem(undefined);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!hasAuthToken()) {
      setProblem(m.notAuthenticated);
      return;
    }
    const checked = settingsPayload(form);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setSaving(true);
    setProblem(undefined);
    try {
      await call('settingsSave', { body: checked.value }, m.saveFailed);
      toast.success(m.saved);
      // The button stays on 'Saving...' until the reload shows the saved settings (spec 001 §4).
      reloadTimer.current = window.setTimeout(() => window.location.reload(), timings.settingsReloadDelayMs);
    } catch (err) {
      // The server's reason (a subdomain another shop has) when it gives one.
      setProblem(errorText(err, m.saveFailed));
      setSaving(false);
    }
  }

  return (
    <form className="card form settings-card" onSubmit={(e) => void save(e)} noValidate aria-label="Shop settings">
      <h2>Storefront</h2>
      <label>
        Subdomain
        <span className="settings-subdomain">
          <input
            name="subdomain"
            value={form.subdomain}
            onChange={(e) => update({ subdomain: sanitizeSubdomain(e.target.value) })}
            placeholder="your-shop"
            maxLength={63}
            autoComplete="off"
            spellCheck={false}
            disabled={saving}
            aria-describedby="settings-subdomain-hint"
          />
          {!pathAddress && (
            <span className="settings-suffix" aria-hidden="true">
              .{host}
            </span>
          )}
        </span>
      </label>
      <p id="settings-subdomain-hint" className="hint settings-hint">
        Your storefront&apos;s address:{' '}
        <strong data-testid="storefront-address">{address(form.subdomain || 'your-shop')}</strong>. Leave it blank for
        no storefront. DNS changes may take up to 24 hours to take effect.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          name="inventory_public"
          checked={form.inventoryPublic}
          onChange={(e) => update({ inventoryPublic: e.target.checked })}
          disabled={saving}
        />
        {m.makePublic}
      </label>
      <label>
        Shop description
        <textarea
          name="shop_description"
          rows={3}
          value={form.description}
          onChange={(e) => update({ description: e.target.value })}
          maxLength={descriptionMaxLength}
          disabled={saving}
          aria-describedby="settings-description-count"
        />
        <span id="settings-description-count" className="hint settings-count">
          {form.description.length}/{descriptionMaxLength}
        </span>
      </label>

      <fieldset disabled={saving}>
        <legend>Pricing</legend>
        <p className="hint settings-hint">
          Cards without an asking price of their own sell at the market price with this rule.
        </p>
        <div className="settings-pricing">
          <NumberField
            label="Markup (%)"
            name="markup_percent"
            value={form.markupPercent}
            onChange={(markupPercent) => update({ markupPercent })}
          />
          <NumberField
            label="Floor ($)"
            name="floor"
            step="0.01"
            value={form.floorDollars}
            onChange={(floorDollars) => update({ floorDollars })}
          />
          <NumberField
            label="Rounding step (cents)"
            name="rounding_cents"
            step="1"
            min="1"
            value={form.roundingCents}
            onChange={(roundingCents) => update({ roundingCents })}
          />
        </div>
        <div className="settings-conditions">
          {qualities.map((quality: Quality) => (
            <NumberField
              key={quality}
              label={`${quality} (%)`}
              name={`condition_${quality}`}
              max="100"
              value={form.conditionPercent[quality]}
              onChange={(text) => update({ conditionPercent: { ...form.conditionPercent, [quality]: text } })}
            />
          ))}
        </div>
        <details className="settings-languages">
          <summary>Prices by language (% of the English price)</summary>
          <div className="settings-languages-grid">
            {pricedLanguages.map((language) => (
              <NumberField
                key={language}
                label={languageNames[language]}
                name={`language_${language}`}
                max="1000"
                value={form.languagePercent[language]}
                onChange={(text) => update({ languagePercent: { ...form.languagePercent, [language]: text } })}
              />
            ))}
          </div>
        </details>
        <p className={pricing.ok ? 'settings-example' : 'settings-example text-error'} aria-live="polite">
          {pricing.ok ? exampleSentence(pricing.value) : pricing.problem}
        </p>
      </fieldset>

      <fieldset disabled={saving}>
        <legend>{m.lowStockLegend}</legend>
        <NumberField
          label={m.lowStockLabel}
          name="low_stock_threshold"
          step="1"
          min="0"
          max={String(lowStockLimits.maxThreshold)}
          value={form.lowStockThreshold}
          onChange={(lowStockThreshold) => update({ lowStockThreshold })}
        />
        <p className="hint settings-hint">{m.lowStockHint}</p>
      </fieldset>

      <fieldset disabled={saving}>
        <legend>{m.registerLegend}</legend>
        <NumberField
          label={m.taxRateLabel}
          name="tax_rate_percent"
          step="0.001"
          min="0"
          max="30"
          value={form.taxRate}
          onChange={(taxRate) => update({ taxRate })}
        />
        <p className="hint settings-hint">{m.taxRateHint}</p>
        <label className="checkbox">
          <input
            type="checkbox"
            name="prices_include_tax"
            checked={form.pricesIncludeTax}
            onChange={(e) => update({ pricesIncludeTax: e.target.checked })}
            aria-describedby="settings-prices-include-tax-hint"
          />
          {m.pricesIncludeTax}
        </label>
        <p id="settings-prices-include-tax-hint" className="hint settings-hint">
          {m.pricesIncludeTaxHint}
        </p>
        <NumberField
          label={m.discountLimitLabel}
          name="employee_discount_limit_percent"
          step="1"
          min="0"
          max="100"
          value={form.discountLimit}
          onChange={(discountLimit) => update({ discountLimit })}
        />
        <p className="hint settings-hint">{m.discountLimitHint}</p>
        <label>
          {m.returnPolicyLabel}
          <textarea
            name="return_policy"
            rows={3}
            maxLength={returnPolicyMaxLength}
            value={form.returnPolicy}
            onChange={(e) => update({ returnPolicy: e.target.value })}
            aria-describedby="settings-return-policy-hint"
          />
        </label>
        <p id="settings-return-policy-hint" className="hint settings-hint">
          {m.returnPolicyHint}
        </p>
      </fieldset>

      <fieldset disabled={saving}>
        <legend>{m.reservationsLegend}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            name="reservations_enabled"
            checked={form.reservationsEnabled}
            onChange={(e) => update({ reservationsEnabled: e.target.checked })}
            aria-describedby="settings-reservations-hint"
          />
          {m.reservationsSwitch}
        </label>
        <p id="settings-reservations-hint" className="hint settings-hint">
          {m.reservationsHint}
        </p>
        <label>
          {m.holdHoursLabel}
          <input
            type="number"
            inputMode="numeric"
            name="reservation_hold_hours"
            value={form.holdHours}
            step="1"
            min={String(reservationLimits.holdHoursMin)}
            max={String(reservationLimits.holdHoursMax)}
            onChange={(e) => update({ holdHours: e.target.value })}
            aria-invalid={holdProblem !== undefined}
            aria-describedby="settings-hold-hint"
          />
        </label>
        <p
          id="settings-hold-hint"
          className={holdProblem ? 'settings-hint text-error' : 'hint settings-hint'}
          aria-live="polite"
        >
          {holdProblem ?? m.holdHoursHint}
        </p>
        <NumberField
          label={m.reservationLimitLabels.pickup_days}
          name="reservation_limits.pickup_days"
          step="1"
          min={String(reservationLimitBounds.pickup_days.min)}
          max={String(reservationLimitBounds.pickup_days.max)}
          value={form.reservationLimits.pickup_days}
          onChange={(typed) => update({ reservationLimits: { ...form.reservationLimits, pickup_days: typed } })}
        />
        <p className="hint settings-hint">{m.pickupDaysHint}</p>
        <label>
          {m.timeZoneLabel}
          <select
            name="time_zone"
            value={form.timeZone}
            onChange={(e) => update({ timeZone: e.target.value })}
            aria-describedby="settings-time-zone-hint"
          >
            <option value="">{m.timeZoneNone}</option>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        </label>
        <p id="settings-time-zone-hint" className="hint settings-hint">
          {m.timeZoneHint}
        </p>
        <label>
          {m.pickupHoursLabel}
          <input
            type="text"
            name="pickup_hours"
            value={form.pickupHours}
            maxLength={300}
            onChange={(e) => update({ pickupHours: e.target.value })}
            aria-describedby="settings-pickup-hours-hint"
          />
        </label>
        <p id="settings-pickup-hours-hint" className="hint settings-hint">
          {m.pickupHoursHint}
        </p>
        <h3 className="settings-subheading">{m.reservationLimitsHeading}</h3>
        <div className="settings-limits">
          {perCustomerLimitKeys.map((key) => (
            <NumberField
              key={key}
              label={m.reservationLimitLabels[key]}
              name={`reservation_limits.${key}`}
              step={key === 'max_total' ? '0.01' : '1'}
              min={String(reservationLimitBounds[key].min)}
              max={String(reservationLimitBounds[key].max)}
              value={form.reservationLimits[key]}
              onChange={(typed) => update({ reservationLimits: { ...form.reservationLimits, [key]: typed } })}
            />
          ))}
        </div>
        <p className="hint settings-hint">{m.reservationLimitsHint}</p>
      </fieldset>

      <FormMessage text={problem} />
      <div className="actions">
        <button type="button" className="btn" disabled={saving || isResetting} onClick={onReset}>
          Reset
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? m.saving : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}

interface NumberFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (text: string) => void;
  step?: string;
  min?: string;
  max?: string;
}

function NumberField({ label, name, value, onChange, step = 'any', min = '0', max }: NumberFieldProps) {
  return (
    <label>
      {label}
      <input
        type="number"
        inputMode="decimal"
        name={name}
        value={value}
        step={step}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
