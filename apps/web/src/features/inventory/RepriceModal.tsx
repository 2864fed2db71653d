import { FlagTags } from '../../components/FlagTags.tsx';
import { finishNames, formatUsdPlain, languageNames, messages, type RepriceAction } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call } from '../../lib/api.ts';
import { askingPriceOf } from './price.ts';

const m = messages.inventory;

/** The value a reprice sends, or undefined while the field does not hold one the action takes. */
function valueOf(action: RepriceAction, text: string): number | undefined | null {
  if (action === 'clear') return null;
  if (action === 'set') return askingPriceOf(text) ?? undefined;
  const percent = Number(text.trim().replace(/%$/, ''));
  return text.trim() && Number.isFinite(percent) && percent !== 0 ? percent : undefined;
}

/** Typing settles for this long before the preview is asked for. */
const PREVIEW_DELAY_MS = 300;

/**
 * Reprice the rows the live search finds (all rows without one): pick an action, see how many rows change with a
 * before/after sample (a dry run on the server), then apply it in one go.
 */
export function RepriceModal({ filter, onClose, onDone }: { filter: string; onClose: () => void; onDone: () => void }) {
  const [action, setAction] = useState<RepriceAction>('percent');
  const [text, setText] = useState('10');
  const [settled, setSettled] = useState({ action, text });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ action, text }), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [action, text]);

  const value = valueOf(settled.action, settled.text);
  const body = { filter, action: settled.action, ...(value === null || value === undefined ? {} : { value }) };
  const preview = useQuery({
    queryKey: ['reprice-preview', filter, settled.action, value],
    queryFn: () => call('inventoryReprice', { body: { ...body, dry_run: true } }),
    enabled: value !== undefined,
    retry: false,
  });
  const current = valueOf(action, text);
  const ready =
    current !== undefined && settled.action === action && settled.text === text && preview.isSuccess && !busy;
  const changed = preview.data?.changed ?? 0;

  async function apply() {
    setBusy(true);
    try {
      const answer = await call('inventoryReprice', { body });
      toast.success(answer.message);
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.repriceFailed);
      setBusy(false);
    }
  }

  const choice = (value: RepriceAction, label: string) => (
    <label className="checkbox">
      <input type="radio" name="reprice-action" checked={action === value} onChange={() => setAction(value)} /> {label}
    </label>
  );

  return (
    <Modal
      open
      title={m.repriceTitle}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void apply()}
          confirm={m.repriceApply(changed)}
          disabled={!ready || changed === 0}
        />
      }
    >
      <form
        className="form reprice-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && changed > 0) void apply();
        }}
      >
        <fieldset>
          <legend className="muted">
            {preview.data ? m.repriceScope(preview.data.matched ?? 0, filter) : filter ? `“${filter}”` : ''}
          </legend>
          {choice('percent', m.repricePercent)}
          {choice('set', m.repriceSet)}
          {choice('clear', m.repriceClear)}
        </fieldset>
        {action !== 'clear' && (
          <label>
            {action === 'set' ? m.repriceValueSet : m.repriceValuePercent}
            <input
              type="text"
              inputMode="decimal"
              autoFocus
              aria-invalid={current === undefined}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        )}
        <div aria-live="polite">
          {current === undefined ? (
            <p className="text-error">{action === 'set' ? m.askingPriceInvalid : m.repriceValuePercent}</p>
          ) : preview.isError ? (
            <p className="text-error">{preview.error.message}</p>
          ) : !preview.data || !ready ? (
            <p className="muted">{m.repricePreviewing}</p>
          ) : (
            <>
              <p>{changed === 0 ? m.repriceNothing : preview.data.message}</p>
              {preview.data.unpriced ? <p className="muted">{m.repriceUnpriced(preview.data.unpriced)}</p> : null}
              {preview.data.sample && preview.data.sample.length > 0 && (
                <table className="table reprice-sample">
                  <thead>
                    <tr>
                      <th>Card</th>
                      <th>Before</th>
                      <th>After</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.data.sample.map((row, i) => (
                      <tr key={i}>
                        <td>
                          {row.card_name}
                          <FlagTags signed={row.signed} altered={row.altered} />{' '}
                          <span className="muted">
                            {row.set_code} · {finishNames[row.finish]} · {row.quality}
                            {row.language === 'en' ? '' : ` · ${languageNames[row.language]}`}
                          </span>
                        </td>
                        <td>{row.before === null ? m.noPrice : formatUsdPlain(row.before)}</td>
                        <td>{row.after === null ? m.noPrice : formatUsdPlain(row.after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </>
          )}
        </div>
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
