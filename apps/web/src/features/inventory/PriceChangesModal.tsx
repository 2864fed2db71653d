import { FlagTags } from '../../components/FlagTags.tsx';
import {
  finishNames,
  formatUsdPlain,
  languageNames,
  messages,
  percentage,
  type PriceChange,
  priceChangeLimits,
} from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { Modal } from '../../components/Modal.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { call } from '../../lib/api.ts';

const m = messages.inventory;
const COLUMNS = 5;

/** A market move as the review reads it: "+25 %", or what happened when a price appeared or vanished. */
function moveOf(item: PriceChange): string {
  const { market_before: before, market_after: after } = item;
  if (before === null || before === 0) return m.changesAppeared;
  if (after === null) return m.changesVanished;
  const percent = percentage(after - before, before);
  return `${percent > 0 ? '+' : ''}${percent} %`;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * Price changes: the rows whose market price the newest refresh moved at least N %, to review before
 * customers pay the new prices. A row priced by the rule can keep what customers paid before (its own
 * asking price from then on); a row with its own price keeps it anyway.
 */
export function PriceChangesModal({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(String(priceChangeLimits.defaultPercent));
  const [percent, setPercent] = useState<number>(priceChangeLimits.defaultPercent);
  const [keeping, setKeeping] = useState<string>();
  /** Keep all asked about: how many rows it keeps (fixed when asked; the list reloads under the dialog). */
  const [askingAll, setAskingAll] = useState<number>();
  useEffect(() => {
    const value = Number(text);
    const valid =
      Number.isFinite(value) && value >= priceChangeLimits.minPercent && value <= priceChangeLimits.maxPercent;
    if (!valid) return;
    const timer = setTimeout(() => setPercent(value), 300);
    return () => clearTimeout(timer);
  }, [text]);

  const changes = useQuery({
    queryKey: ['price-changes', percent],
    queryFn: () => call('inventoryPriceChanges', { body: { min_percent: percent } }),
  });
  const keyOf = (item: PriceChange) =>
    `${item.scryfall_id}|${item.finish}|${item.quality}|${item.language}|${item.signed}|${item.altered}`;

  async function keep(item: PriceChange) {
    if (item.price_before === null) return;
    setKeeping(keyOf(item));
    try {
      await call('inventoryEdit', {
        body: {
          scryfall_id: item.scryfall_id,
          finish: item.finish,
          quality: item.quality,
          language: item.language,
          signed: item.signed,
          altered: item.altered,
          quantity: item.quantity,
          asking_price: item.price_before,
        },
      });
      toast.success(m.changesKept(item.card_name, formatUsdPlain(item.price_before)));
      await queryClient.invalidateQueries({ queryKey: ['price-changes'] });
      onChanged();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.updateFailed);
    } finally {
      setKeeping(undefined);
    }
  }

  /** Keep all: the server keeps the rows this filter lists, the same ones shown here (issue 38). */
  async function keepAll(): Promise<boolean> {
    try {
      const answer = await call('inventoryPriceChangesKeep', { body: { min_percent: percent } });
      toast.success(answer.message);
      setAskingAll(undefined);
      await queryClient.invalidateQueries({ queryKey: ['price-changes'] });
      onChanged();
      return true;
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.updateFailed);
      return false;
    }
  }

  const data = changes.data;
  const keepable = (item: PriceChange) =>
    item.asking_price === null && item.price_before !== null && item.price_before !== item.price_after;
  const toKeep = data?.items.filter(keepable).length ?? 0;
  return (
    <Modal open wide title={m.changesTitle} onClose={onClose}>
      {data && (
        <p className="muted">
          {data.refreshed_at ? m.changesIntro(when(data.refreshed_at), data.since) : m.changesNever}
        </p>
      )}
      <div className="price-changes-bar">
        <label>
          {m.changesMinPercent}{' '}
          <input
            type="number"
            min={priceChangeLimits.minPercent}
            max={priceChangeLimits.maxPercent}
            value={text}
            onChange={(e) => setText(e.target.value)}
            style={{ width: '6rem' }}
          />
        </label>
        {toKeep > 0 && (
          <button
            type="button"
            className="btn btn-small"
            disabled={keeping !== undefined || String(percent) !== text}
            onClick={() => setAskingAll(toKeep)}
          >
            {m.changesKeepAll(toKeep)}
          </button>
        )}
      </div>
      {changes.isError && <p className="text-error">{changes.error.message}</p>}
      <div className="table-wrap price-changes-wrap">
        <table className="table price-changes">
          <thead>
            <tr>
              <th>Card</th>
              <th>Market</th>
              <th>Move</th>
              <th>Customers pay</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {changes.isPending ? (
              <TableMessageRow columns={COLUMNS}>{m.changesLoading}</TableMessageRow>
            ) : !data || data.items.length === 0 ? (
              <TableMessageRow columns={COLUMNS}>{data?.refreshed_at ? m.changesNone(percent) : '—'}</TableMessageRow>
            ) : (
              data.items.map((item) => {
                const own = item.asking_price !== null;
                return (
                  <tr key={keyOf(item)}>
                    <td>
                      <strong>{item.card_name}</strong>
                      <FlagTags signed={item.signed} altered={item.altered} />
                      <br />
                      <span className="muted">
                        {item.set_code.toUpperCase()} #{item.collector_number} · {finishNames[item.finish]} ·{' '}
                        {item.quality}
                        {item.language === 'en' ? '' : ` · ${languageNames[item.language]}`} · ×{item.quantity}
                      </span>
                    </td>
                    <td data-label="Market">
                      <Move before={item.market_before} after={item.market_after} />
                    </td>
                    <td className="nowrap" data-label="Move">
                      {moveOf(item)}
                    </td>
                    <td data-label="Customers pay">
                      <span>
                        <Move before={item.price_before} after={item.price_after} />
                        {own && <small className="muted"> {m.priceOwn}</small>}
                      </span>
                    </td>
                    <td className="nowrap">
                      {keepable(item) && item.price_before !== null && (
                        <button
                          type="button"
                          className="btn btn-small"
                          disabled={keeping !== undefined}
                          onClick={() => void keep(item)}
                        >
                          {m.changesKeep(formatUsdPlain(item.price_before))}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {data && data.total > data.items.length && (
        <p className="muted">{m.changesMore(data.items.length, data.total)}</p>
      )}
      {askingAll !== undefined && (
        <ConfirmModal
          title={m.changesKeepAllTitle}
          confirm={m.changesKeepAll(askingAll)}
          busyLabel="Keeping..."
          danger={false}
          onClose={() => setAskingAll(undefined)}
          onConfirm={keepAll}
        >
          <p>{m.changesKeepAllAsk(askingAll, percent)}</p>
        </ConfirmModal>
      )}
    </Modal>
  );
}

/** Before → after, each amount kept whole: the cell may break at the arrow, so the table fits the dialog. */
function Move({ before, after }: { before: number | null; after: number | null }) {
  return (
    <span>
      <span className="nowrap">{formatUsdPlain(before)} →</span> <span className="nowrap">{formatUsdPlain(after)}</span>
    </span>
  );
}
