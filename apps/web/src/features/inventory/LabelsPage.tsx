import { finishNames, formatUsdPlain, messages, type SealedItem, type StaffInventoryRow } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call } from '../../lib/api.ts';
import { useAddressParams } from '../../lib/use-address-params.ts';
import { useTitle } from '../../lib/use-title.ts';
import {
  labelsOutdatedQueryKey,
  labelStockOf,
  labelStocks,
  onPages,
  productBarcodeFormat,
  type BarcodeFormat,
} from './label-sheets.ts';
import './labels.css';

const m = messages.inventory;
/** Most labels one print job makes (and rows it reads). */
const MAX_LABELS = 2000;

/** One label to print: what it says, its barcode (none for a sealed product without a UPC), how many copies. */
interface LabelItem {
  name: string;
  kind: string;
  price: number | null;
  barcode: { value: string; format: BarcodeFormat } | null;
  copies: number;
  /** The stock row it labels (marked printed with its price); undefined for a sealed product. */
  rowId?: number;
}

/** A stock row's label: the printing, finish, condition and language; the row's label code in Code 128. */
function rowLabel(row: StaffInventoryRow): LabelItem {
  const kind = [
    `${row.card_setCode.toUpperCase()} ${row.card_collector_number}`,
    row.inv_finish === 'nonfoil' ? '' : finishNames[row.inv_finish],
    row.inv_quality,
    row.inv_language.toUpperCase(),
    row.inv_signed ? 'Signed' : '',
    row.inv_altered ? 'Altered' : '',
  ].filter(Boolean);
  return {
    name: row.card_name,
    kind: kind.join(' · '),
    price: row.price,
    barcode: { value: row.label_code, format: 'CODE128' },
    copies: row.inv_quantity,
    rowId: row.inv_pkey,
  };
}

/** A sealed product's label: its category and set; its own UPC/EAN as the box carries it, when the shop keeps one. */
function sealedLabel(item: SealedItem): LabelItem {
  return {
    name: item.name,
    kind: [item.category, item.set_code?.toUpperCase() ?? ''].filter(Boolean).join(' · '),
    price: item.price,
    barcode: item.upc ? { value: item.upc, format: productBarcodeFormat(item.upc) } : null,
    copies: item.quantity,
  };
}

/** Reads every page of a list, telling how far it got, up to `MAX_LABELS` items. */
async function allPages<T>(
  read: (page: number) => Promise<{ items: T[]; total: number; total_pages: number }>,
  progress: (read: number, total: number) => void,
) {
  const items: T[] = [];
  for (let page = 1, pages = 1, seen = 0; page <= pages && items.length < MAX_LABELS; page++) {
    const answer = await read(page);
    pages = answer.total_pages;
    seen += answer.items.length;
    items.push(...answer.items);
    progress(Math.min(seen, answer.total), answer.total);
  }
  return items;
}

/** The labels a page's address asks for: the rows a search finds, the rows to reprint, the rows chosen, or sealed. */
function labelsOf(
  source: LabelSource,
  filter: string,
  chosen: readonly StaffInventoryRow[],
  progress: (read: number, total: number) => void,
  signal: AbortSignal,
): Promise<LabelItem[]> {
  switch (source) {
    case 'reprint':
      return call('inventoryLabelsOutdated', { body: {}, signal }).then((a) => a.inventory.map(rowLabel));
    case 'selected':
      return Promise.resolve(chosen.map(rowLabel));
    case 'sealed':
      return allPages(async (page) => {
        const a = await call('sealedList', { body: { page: String(page), filter }, signal });
        return { items: a.sealed.map(sealedLabel), total: a.total, total_pages: a.total_pages };
      }, progress);
    case 'search':
      return allPages(async (page) => {
        const a = await call('inventoryList', { body: { page, filter }, signal });
        return { items: a.inventory.map(rowLabel), total: a.total, total_pages: a.total_pages };
      }, progress);
  }
}

type LabelSource = 'search' | 'reprint' | 'selected' | 'sealed';

/** What the labels are for, in a sentence. */
function scopeOf(source: LabelSource, count: number, filter: string): string {
  switch (source) {
    case 'reprint':
      return m.labelsReprintScope(count);
    case 'selected':
      return m.labelsSelectedScope(count);
    case 'sealed':
      return m.labelsSealedScope(count, filter);
    case 'search':
      return m.labelsScope(count, filter);
  }
}

/** A barcode of `value`, its text under it, drawn as SVG (sharp at any printer's resolution). */
function Barcode({ value, format }: { value: string; format: BarcodeFormat }) {
  const svg = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (svg.current)
      JsBarcode(svg.current, value, {
        format,
        height: 40,
        width: 2,
        margin: 0,
        fontSize: 14,
        textMargin: 1,
      });
  }, [value, format]);
  return <svg ref={svg} className="label-barcode" role="img" aria-label={`Barcode ${value}`} />;
}

/** One label: the name, what it is, the price, the barcode. */
function Label({ item }: { item: LabelItem }) {
  return (
    <div className="label">
      <div className="label-name">{item.name}</div>
      <div className="label-kind">{item.kind}</div>
      <div className="label-price">{item.price === null ? '' : formatUsdPlain(item.price)}</div>
      {item.barcode && <Barcode value={item.barcode.value} format={item.barcode.format} />}
    </div>
  );
}

/**
 * Labels (issue 41) for the rows a search finds, the rows chosen on Inventory, the rows to reprint, or the sealed
 * products a search finds, on Avery 5160 or L7160 sheets or a thermal roll, printed through the browser's print
 * dialog (no driver). A row's label has a Code 128 barcode of its label code, which Quick add, the Register and the
 * ordering screen read back as that exact row; a sealed product's, its own UPC/EAN, which they read as the product.
 */
export function LabelsPage() {
  useTitle(m.labelsTitle);
  const [params, setParams] = useAddressParams();
  const filter = params.get('filter') ?? '';
  const source: LabelSource =
    params.get('reprint') === '1'
      ? 'reprint'
      : params.get('selected') === '1'
        ? 'selected'
        : params.get('sealed') === '1'
          ? 'sealed'
          : 'search';
  const reprint = source === 'reprint';
  // The rows chosen on Inventory come with the address's history entry, so a reload keeps them.
  const { state } = useLocation() as { state: { rows?: StaffInventoryRow[] } | null };
  const chosen = state?.rows ?? [];
  const queryClient = useQueryClient();
  const stock = labelStockOf(params.get('stock'));
  const perCopy = params.get('per') === 'copy';
  const [skip, setSkip] = useState(0);
  const [progress, setProgress] = useState<{ read: number; total: number }>();
  const rows = useQuery({
    queryKey: ['inventory-labels', source, filter, chosen.map((r) => r.inv_pkey).join(',')],
    queryFn: async ({ signal }) =>
      (await labelsOf(source, filter, chosen, (read, total) => setProgress({ read, total }), signal)).filter(
        (item) => item.copies > 0,
      ),
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
      { replace: true, state },
    );

  const all = (rows.data ?? []).flatMap((item) => Array<LabelItem>(perCopy ? item.copies : 1).fill(item));
  const labels = all.slice(0, MAX_LABELS);
  const perPage = stock.columns * stock.rows;
  const pages = onPages(labels, perPage, stock.rows > 1 ? skip : 0);
  const [pageWidth, pageHeight] = stock.page.split(' ');

  /** The browser's print dialog; then each row printed keeps the price its label shows (off the reprint list). */
  async function print() {
    window.print();
    const ids = [...new Set(labels.flatMap((item) => (item.rowId === undefined ? [] : [item.rowId])))];
    if (ids.length === 0) return;
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
              ? m.labelsNoneFor[source]
              : rows.data && (
                  <>
                    {scopeOf(source, rows.data.length, filter)} {m.labelsCount(labels.length, pages.length)}
                    {all.length > MAX_LABELS && <> {m.labelsTooMany(MAX_LABELS)}</>}
                  </>
                )}
      </p>
      {rows.isPending && progress && <progress value={progress.read} max={Math.max(1, progress.total)} />}
      <style>{`@page { size: ${stock.page}; margin: 0; }`}</style>
      <div className={`label-pages label-stock-${stock.id}`}>
        {pages.map((slots, i) => (
          <div key={i} className="label-sheet" style={sheet}>
            {slots.map((item, j) =>
              item ? <Label key={j} item={item} /> : <div key={j} className="label label-blank" />,
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
