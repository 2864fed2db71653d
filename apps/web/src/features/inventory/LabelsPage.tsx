import { finishNames, formatUsdPlain, messages, type StaffInventoryRow } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';
import { labelsOutdatedQueryKey, labelStockOf, labelStocks, onPages } from './label-sheets.ts';
import './labels.css';

const m = messages.inventory;
/** Most labels one print job makes (and rows it reads). */
const MAX_LABELS = 2000;

/** Every row the search finds that has copies, page by page, telling how far it got. */
async function rowsToLabel(filter: string, progress: (read: number, total: number) => void, signal: AbortSignal) {
  const rows: StaffInventoryRow[] = [];
  for (let page = 1, pages = 1; page <= pages && rows.length < MAX_LABELS; page++) {
    const answer = await call('inventoryList', { body: { page, filter }, signal });
    pages = answer.total_pages;
    rows.push(...answer.inventory.filter((r) => r.inv_quantity > 0));
    progress(Math.min(page * answer.inventory.length, answer.total), answer.total);
  }
  return rows;
}

/** A Code 128 barcode of `value`, its text under it, drawn as SVG (sharp at any printer's resolution). */
function Barcode({ value }: { value: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (svg.current)
      JsBarcode(svg.current, value, {
        format: 'CODE128',
        height: 40,
        width: 2,
        margin: 0,
        fontSize: 14,
        textMargin: 1,
      });
  }, [value]);
  return <svg ref={svg} className="label-barcode" role="img" aria-label={`Barcode ${value}`} />;
}

/** One row's label: the card, its printing, finish, condition and language, the price, the row's label code. */
function Label({ row }: { row: StaffInventoryRow }) {
  const kind = [
    `${row.card_setCode.toUpperCase()} ${row.card_collector_number}`,
    row.inv_finish === 'nonfoil' ? '' : finishNames[row.inv_finish],
    row.inv_quality,
    row.inv_language.toUpperCase(),
    row.inv_signed ? 'Signed' : '',
    row.inv_altered ? 'Altered' : '',
  ].filter(Boolean);
  return (
    <div className="label">
      <div className="label-name">{row.card_name}</div>
      <div className="label-kind">{kind.join(' · ')}</div>
      <div className="label-price">{row.price === null ? '' : formatUsdPlain(row.price)}</div>
      <Barcode value={row.label_code} />
    </div>
  );
}

/**
 * Labels for the rows a search finds (issue 41), on Avery 5160 or L7160 sheets or a thermal roll, printed through the
 * browser's print dialog (no driver): each with a Code 128 barcode of the row's label code, which Quick add, the
 * Register and the ordering screen read back as that exact row.
 */
export function LabelsPage() {
  useTitle(m.labelsTitle);
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  /** The labels to reprint: rows whose price moved since their label was printed. */
  const reprint = params.get('reprint') === '1';
  const queryClient = useQueryClient();
  const stock = labelStockOf(params.get('stock'));
  const perCopy = params.get('per') === 'copy';
  const [skip, setSkip] = useState(0);
  const [progress, setProgress] = useState<{ read: number; total: number }>();
  const rows = useQuery({
    queryKey: ['inventory-labels', reprint ? '(reprint)' : filter],
    queryFn: async ({ signal }) =>
      reprint
        ? (await call('inventoryLabelsOutdated', { body: {}, signal })).inventory
        : rowsToLabel(filter, (read, total) => setProgress({ read, total }), signal),
    retry: false,
    staleTime: 0,
  });
  const set = (key: string, value: string | null) =>
    setParams(
      (was) => {
        const next = new URLSearchParams(was);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const all = (rows.data ?? []).flatMap((row) => Array<StaffInventoryRow>(perCopy ? row.inv_quantity : 1).fill(row));
  const labels = all.slice(0, MAX_LABELS);
  const perPage = stock.columns * stock.rows;
  const pages = onPages(labels, perPage, stock.rows > 1 ? skip : 0);
  const [pageWidth, pageHeight] = stock.page.split(' ');

  /** The browser's print dialog; then each row printed keeps the price its label shows (off the reprint list). */
  async function print() {
    window.print();
    const ids = [...new Set(labels.map((row) => row.inv_pkey))];
    try {
      await call('inventoryLabelsPrinted', { body: { ids } });
      void queryClient.invalidateQueries({ queryKey: labelsOutdatedQueryKey });
      if (reprint) void queryClient.invalidateQueries({ queryKey: ['inventory-labels'] });
    } catch {
      toast.error(m.labelsMarkFailed);
    }
  }
  const sheet: CSSProperties = {
    width: pageWidth,
    height: pageHeight,
    paddingTop: stock.top,
    paddingLeft: stock.left,
    gridTemplateColumns: `repeat(${stock.columns}, ${stock.width})`,
    gridAutoRows: stock.height,
    columnGap: stock.gapX,
    rowGap: stock.gapY,
  };

  return (
    <section className="page labels-page">
      <PageHeader title={m.labelsTitle} />
      <p className="labels-back">
        <Link to="/inventory-management">← {m.title}</Link>
      </p>
      <div className="labels-controls">
        <label>
          {m.labelsStock}
          <select value={stock.id} onChange={(e) => set('stock', e.target.value)}>
            {labelStocks.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={perCopy} onChange={(e) => set('per', e.target.checked ? 'copy' : null)} />
          {m.labelsPerCopy}
        </label>
        {stock.rows > 1 && (
          <label>
            {m.labelsSkip}
            <input
              type="number"
              min={0}
              max={perPage - 1}
              value={skip}
              onChange={(e) => setSkip(Math.min(perPage - 1, Math.max(0, Math.trunc(Number(e.target.value) || 0))))}
            />
          </label>
        )}
        <button type="button" className="btn btn-primary" disabled={labels.length === 0} onClick={() => void print()}>
          {m.labelsPrint}
        </button>
      </div>
      <p className="labels-summary" aria-live="polite">
        {rows.isPending && progress
          ? m.labelsReading(progress.read, progress.total)
          : rows.isError
            ? m.labelsFailed
            : rows.data && labels.length === 0
              ? reprint
                ? m.labelsReprintNone
                : m.labelsNone
              : rows.data && (
                  <>
                    {reprint ? m.labelsReprintScope(rows.data.length) : m.labelsScope(rows.data.length, filter)}{' '}
                    {m.labelsCount(labels.length, pages.length)}
                    {all.length > MAX_LABELS && <> {m.labelsTooMany(MAX_LABELS)}</>}
                  </>
                )}
      </p>
      {rows.isPending && progress && <progress value={progress.read} max={Math.max(1, progress.total)} />}
      <style>{`@page { size: ${stock.page}; margin: 0; }`}</style>
      <div className={`label-pages label-stock-${stock.id}`}>
        {pages.map((slots, i) => (
          <div key={i} className="label-sheet" style={sheet}>
            {slots.map((row, j) => (row ? <Label key={j} row={row} /> : <div key={j} className="label label-blank" />))}
          </div>
        ))}
      </div>
    </section>
  );
}
