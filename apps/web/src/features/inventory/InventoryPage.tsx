import {
  type ExportFormat,
  exportFormats,
  finishNames,
  languageNames,
  limits,
  messages,
  roleAllows,
  scryfallCardUrl,
  type StaffInventoryRow,
} from '@cardstock/contract';
import { FlagTags } from '../../components/FlagTags.tsx';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { CardNameLink } from '../../components/CardNameLink.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { call, download } from '../../lib/api.ts';
import { userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useChoice } from '../../lib/use-choice.ts';
import { AddCardFlow } from './AddCardFlow.tsx';
import { EditInventoryModal } from './EditInventoryModal.tsx';
import { MassDeleteModal } from './MassDeleteModal.tsx';
import { MassUploadModal } from './MassUploadModal.tsx';
import { PriceChangesModal } from './PriceChangesModal.tsx';
import { PriceWithSource } from './PriceWithSource.tsx';
import { LocateModal } from './LocateModal.tsx';
import { labelsOutdatedQueryKey } from './label-sheets.ts';
import { RepriceModal } from './RepriceModal.tsx';
import { SealedStockSection } from '../sealed/index.ts';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const m = messages.inventory;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; row: StaffInventoryRow }
  | { kind: 'delete' }
  | { kind: 'upload' }
  | { kind: 'reprice' }
  | { kind: 'locate' }
  | { kind: 'price-changes' }
  | undefined;

/** The screen a shop works in all day (spec 001 §2.1). */
export function InventoryPage() {
  useTitle(m.title);
  const queryClient = useQueryClient();
  const role = userRole();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>();
  const [exporting, setExporting] = useState(false);
  const [exportFormat, setExportFormat] = useState<ExportFormat>('cardstock');
  // Rows ticked for labels, kept across pages and searches until the labels are printed (or unticked).
  const [chosen, choose] = useChoice<number, StaffInventoryRow>();

  async function exportCsv() {
    setExporting(true);
    try {
      // Saved as inventory_export_{date}.csv, the name the server gives it.
      await download('inventoryExport', { body: { format: exportFormat } }, 'inventory_export.csv');
      toast.success(m.exported);
    } catch (err) {
      toast.error(m.exportFailed(err instanceof Error ? err.message : String(err)));
    } finally {
      setExporting(false);
    }
  }
  const live = search.trim().length >= limits.cardSearchMinChars;
  const outdatedLabels = useQuery({
    queryKey: labelsOutdatedQueryKey,
    queryFn: () => call('inventoryLabelsOutdated', { body: {} }),
    enabled: roleAllows(role, 'inventory:edit'),
    staleTime: 60_000,
  });

  const list = useQuery({
    queryKey: ['inventory', page],
    queryFn: () => call('inventoryList', { body: { page: String(page), filter: '' } }),
    enabled: !live,
    placeholderData: keepPreviousData,
  });
  const found = useQuery({
    queryKey: ['inventory-search', search.trim()],
    queryFn: () => call('inventoryList', { body: { page: '1', filter: search.trim() } }),
    enabled: live,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const current = live ? found : list;
  const rows = current.data?.inventory ?? [];
  // A shop that keeps no locations sees no empty column (issue 41).
  const showLocation = rows.some((row) => row.inv_location);
  const columns = showLocation ? 10 : 9;
  const reload = () =>
    void queryClient
      .invalidateQueries({ queryKey: ['inventory'] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['inventory-search'] }))
      // A price edited may make a printed label outdated.
      .then(() => queryClient.invalidateQueries({ queryKey: labelsOutdatedQueryKey }));

  return (
    <section className="page inventory-page">
      <PageHeader title={m.title} />
      <div className="toolbar">
        <input
          type="search"
          className="toolbar-search"
          placeholder={m.searchPlaceholder}
          aria-label={m.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {roleAllows(role, 'inventory:edit') && (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            Add Card
          </button>
        )}
        {roleAllows(role, 'inventory:edit') && (
          <Link to="/inventory-management/quick-add" className="btn">
            {m.quickAddButton}
          </Link>
        )}
        {roleAllows(role, 'inventory:reprice') && (
          <button
            type="button"
            className="btn"
            disabled={rows.length === 0}
            title={live ? `Reprice the rows “${search.trim()}” finds` : 'Reprice every row'}
            onClick={() => setDialog({ kind: 'reprice' })}
          >
            {m.repriceButton}
          </button>
        )}
        {roleAllows(role, 'inventory:edit') && (
          <button
            type="button"
            className="btn"
            disabled={rows.length === 0}
            title={live ? `Set the location of the rows “${search.trim()}” finds` : 'Set the location of every row'}
            onClick={() => setDialog({ kind: 'locate' })}
          >
            {m.locateButton}
          </button>
        )}
        {roleAllows(role, 'inventory:edit') && (
          <Link
            to={`/inventory-management/labels${live ? `?filter=${encodeURIComponent(search.trim())}` : ''}`}
            className="btn"
            title={live ? `Labels for the rows “${search.trim()}” finds` : 'Labels for every row'}
          >
            {m.labelsButton}
          </Link>
        )}
        {chosen.size > 0 && (
          <Link
            to="/inventory-management/labels?selected=1"
            state={{ rows: [...chosen.values()] }}
            className="btn btn-primary"
          >
            {m.labelsSelectedButton(chosen.size)}
          </Link>
        )}
        {(outdatedLabels.data?.total ?? 0) > 0 && (
          <Link to="/inventory-management/labels?reprint=1" className="btn">
            {m.labelsReprintButton(outdatedLabels.data!.total)}
          </Link>
        )}
        {roleAllows(role, 'inventory:reprice') && (
          <button type="button" className="btn" onClick={() => setDialog({ kind: 'price-changes' })}>
            {m.changesButton}
          </button>
        )}
        {roleAllows(role, 'inventory:import') && (
          <button type="button" className="btn" onClick={() => setDialog({ kind: 'upload' })}>
            Mass Upload
          </button>
        )}
        {roleAllows(role, 'inventory:export') && (
          <span className="export-group">
            <button type="button" className="btn" disabled={exporting} onClick={() => void exportCsv()}>
              {exporting ? m.exporting : 'Export CSV'}
            </button>
            <select
              aria-label={m.exportFormatLabel}
              title={m.exportFormatLabel}
              value={exportFormat}
              disabled={exporting}
              onChange={(e) => setExportFormat(e.target.value as ExportFormat)}
            >
              {exportFormats.map((f) => (
                <option key={f} value={f}>
                  {m.exportFormats[f]}
                </option>
              ))}
            </select>
          </span>
        )}
        {roleAllows(role, 'inventory:delete_all') && (
          <button type="button" className="btn btn-danger" onClick={() => setDialog({ kind: 'delete' })}>
            Mass Delete
          </button>
        )}
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>Card Name</th>
              <th>Set</th>
              <th>Scryfall ID</th>
              <th>Finish</th>
              <th>Quantity</th>
              <th>Quality</th>
              <th>Language</th>
              {showLocation && <th>{m.location}</th>}
              <th>Price</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {current.isPending ? (
              <TableMessageRow columns={columns}>{m.loading}</TableMessageRow>
            ) : live && found.isError ? (
              // A refused search (a term the search does not know, issue 38) says why and what it knows, instead
              // of "No shop inventory found."
              <tr>
                <td colSpan={columns} className="text-error" role="alert" style={{ whiteSpace: 'normal' }}>
                  {found.error.message}
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <TableMessageRow columns={columns}>{m.empty}</TableMessageRow>
            ) : (
              rows.map((row) => (
                <tr key={row.inv_pkey} className={row.inv_quantity === 0 ? 'out-of-stock' : undefined}>
                  <td>
                    <CardNameLink
                      id={row.card_scryfallid}
                      name={row.card_name}
                      href={scryfallCardUrl({
                        set: row.card_setCode,
                        collector_number: row.card_collector_number,
                        name: row.card_name,
                      })}
                    />
                    <FlagTags signed={row.inv_signed} altered={row.inv_altered} />
                  </td>
                  <td title={row.card_set_name}>{row.card_setCode}</td>
                  <td className="mono">{row.card_scryfallid}</td>
                  <td>{finishNames[row.inv_finish]}</td>
                  <td>{row.inv_quantity}</td>
                  <td>{row.inv_quality}</td>
                  <td>{languageNames[row.inv_language]}</td>
                  {showLocation && <td className="inventory-location">{row.inv_location}</td>}
                  <td>
                    <PriceWithSource price={row.price} asking={row.inv_asking_price} />
                    {'inv_cost' in row && row.inv_cost != null && (
                      <span className="hint inventory-cost">{messages.buylist.screen.costPerCopy(row.inv_cost)}</span>
                    )}
                  </td>
                  <td>
                    {roleAllows(role, 'inventory:edit') && (
                      <span className="inventory-row-actions">
                        <button
                          type="button"
                          className="btn btn-small"
                          onClick={() => setDialog({ kind: 'edit', row })}
                        >
                          Edit
                        </button>
                        <input
                          type="checkbox"
                          className="inventory-choose"
                          aria-label={m.labelsSelect(row.card_name)}
                          title={m.labelsSelect(row.card_name)}
                          checked={chosen.has(row.inv_pkey)}
                          onChange={() => choose(row.inv_pkey, row)}
                        />
                      </span>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {live && found.data && found.data.total > found.data.inventory.length && (
        <p className="muted">
          Showing the first {found.data.inventory.length} of {found.data.total} matches: type more to narrow the search.
        </p>
      )}
      {!live && current.data && <Pagination page={page} totalPages={current.data.total_pages} onChange={setPage} />}
      <SealedStockSection
        canEdit={roleAllows(role, 'inventory:edit')}
        canPrice={roleAllows(role, 'inventory:reprice')}
      />

      <AddCardFlow open={dialog?.kind === 'add'} onClose={() => setDialog(undefined)} onAdded={reload} />
      {dialog?.kind === 'edit' && (
        <EditInventoryModal
          row={dialog.row}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'reprice' && (
        <RepriceModal
          filter={live ? search.trim() : ''}
          onClose={() => setDialog(undefined)}
          onDone={() => {
            setDialog(undefined);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'locate' && (
        <LocateModal
          filter={live ? search.trim() : ''}
          rows={current.data?.total ?? rows.length}
          onClose={() => setDialog(undefined)}
          onDone={() => {
            setDialog(undefined);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'price-changes' && (
        <PriceChangesModal onClose={() => setDialog(undefined)} onChanged={reload} />
      )}
      {dialog?.kind === 'upload' && (
        <MassUploadModal
          onClose={() => setDialog(undefined)}
          onImported={() => {
            setDialog(undefined);
            setSearch('');
            setPage(1);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <MassDeleteModal
          onClose={() => setDialog(undefined)}
          onDeleted={() => {
            setDialog(undefined);
            setPage(1);
            reload();
          }}
        />
      )}
    </section>
  );
}
