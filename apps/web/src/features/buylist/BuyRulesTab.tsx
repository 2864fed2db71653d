import { buylistMessages, languageNames, pricedLanguages, qualities, type BuyRules } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { QueryState } from '../../components/QueryState.tsx';
import { call, errorText } from '../../lib/api.ts';
import { readRulesForm, rulesForm, type RulesErrors, type RulesForm } from './buy-view.ts';

const m = buylistMessages.screen;

/** The buy rules: a form for Owners and Managers, the same fields read-only for everyone else. */
export function BuyRulesTab({ canEdit }: { canEdit: boolean }) {
  const rules = useQuery({
    queryKey: ['buylist', 'rules'],
    queryFn: () => call('buylistRules').then((a) => a.data.rules),
    retry: false,
  });
  return (
    <QueryState query={rules} loading={m.rulesLoading} failed={(err) => errorText(err, m.network, m.rulesFailed)}>
      {(data) => <RulesEditor key={JSON.stringify(data)} rules={data} canEdit={canEdit} />}
    </QueryState>
  );
}

function RulesEditor({ rules, canEdit }: { rules: BuyRules; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<RulesForm>(() => rulesForm(rules));
  const [errors, setErrors] = useState<RulesErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const read = readRulesForm(form, rules);
    setErrors(read.errors);
    setServerError(undefined);
    if (!read.rules) return;
    setBusy(true);
    try {
      const answer = await call('buylistRulesUpdate', { body: { rules: read.rules } });
      toast.success(buylistMessages.server.rulesSaved);
      queryClient.setQueryData(['buylist', 'rules'], answer.data.rules);
      // Offers follow the rules: pending orders and the cards' offers are asked again.
      void queryClient.invalidateQueries({ queryKey: ['buylist'] });
    } catch (err) {
      setServerError(errorText(err, m.network, m.rulesFailed));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string, label: string, value: string, set: (v: string) => void, suffix: string) => (
    <Field key={name} name={name} label={label} suffix={suffix} error={errors[name]}>
      <input
        id={`rule-${name}`}
        inputMode="decimal"
        value={value}
        readOnly={!canEdit}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `rule-${name}-error` : undefined}
        onChange={(e) => set(e.target.value)}
      />
    </Field>
  );

  return (
    <form className="form buy-rules" onSubmit={(e) => void save(e)} noValidate aria-label="Buy rules">
      {!canEdit && <p className="muted">{m.rulesViewOnly}</p>}
      <fieldset>
        <legend>Shares of the market price</legend>
        <div className="form-grid">
          {field('cash_percent', 'Cash', form.cash_percent, (v) => setForm({ ...form, cash_percent: v }), '%')}
          {field(
            'credit_percent',
            'Store credit',
            form.credit_percent,
            (v) => setForm({ ...form, credit_percent: v }),
            '%',
          )}
          {field(
            'hotlist_cash_percent',
            'Hotlist cash',
            form.hotlist_cash_percent,
            (v) => setForm({ ...form, hotlist_cash_percent: v }),
            '%',
          )}
          {field(
            'hotlist_credit_percent',
            'Hotlist store credit',
            form.hotlist_credit_percent,
            (v) => setForm({ ...form, hotlist_credit_percent: v }),
            '%',
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>Share of the near-mint offer per condition</legend>
        <div className="form-grid buy-rules-conditions">
          {qualities.map((q) =>
            field(
              `condition_percent.${q}`,
              q,
              form.condition_percent[q],
              (v) => setForm({ ...form, condition_percent: { ...form.condition_percent, [q]: v } }),
              '%',
            ),
          )}
        </div>
      </fieldset>
      <details className="buy-rules-languages" open={Object.keys(rules.language_percent).length > 0}>
        <summary>Share of the English offer per language (empty: as English)</summary>
        <div className="form-grid buy-rules-conditions">
          {pricedLanguages.map((l) =>
            field(
              `language_percent.${l}`,
              languageNames[l],
              form.language_percent[l],
              (v) => setForm({ ...form, language_percent: { ...form.language_percent, [l]: v } }),
              '%',
            ),
          )}
        </div>
      </details>
      <fieldset>
        <legend>Offers</legend>
        <div className="form-grid">
          {field('min_offer', 'Minimum offer', form.min_offer, (v) => setForm({ ...form, min_offer: v }), '$')}
          {field(
            'rounding',
            'Round down to a multiple of',
            form.rounding,
            (v) => setForm({ ...form, rounding: v }),
            '$',
          )}
          {field(
            'employee_accept_limit',
            'Employees accept up to',
            form.employee_accept_limit,
            (v) => setForm({ ...form, employee_accept_limit: v }),
            '$',
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>Target stock by rarity (copies; empty: no target)</legend>
        <div className="form-grid buy-rules-conditions">
          {(['common', 'uncommon', 'rare', 'mythic'] as const).map((r) =>
            field(
              `target_by_rarity.${r}`,
              r[0]!.toUpperCase() + r.slice(1),
              form.target_by_rarity[r],
              (v) => setForm({ ...form, target_by_rarity: { ...form.target_by_rarity, [r]: v } }),
              'copies',
            ),
          )}
        </div>
      </fieldset>
      {serverError && (
        <p className="text-error" role="alert">
          {serverError}
        </p>
      )}
      {canEdit && (
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save rules'}
          </button>
        </div>
      )}
    </form>
  );
}

function Field({
  name,
  label,
  suffix,
  error,
  children,
}: {
  name: string;
  label: string;
  suffix: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="buy-rule-field">
      <label htmlFor={`rule-${name}`}>{label}</label>
      <div className="buy-rule-input">
        {suffix === '$' && <span className="muted">$</span>}
        {children}
        {suffix !== '$' && <span className="muted">{suffix}</span>}
      </div>
      {error && (
        <small id={`rule-${name}-error`} className="text-error">
          {error}
        </small>
      )}
    </div>
  );
}
