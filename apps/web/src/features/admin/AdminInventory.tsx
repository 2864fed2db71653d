import { adminLimits, messages, type AdminInventoryItem, type InventorySort } from '@cardstock/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { formatLocalTime, formatPrice } from '../../lib/format.ts';
import { adminCall, adminChange, useAdminQuery } from './admin-api.ts';
import { LoadError } from './AdminPage.tsx';
import { EditItemModal } from './EditItemModal.tsx';
import { RowActions } from '../../components/RowActions.tsx';

const m = messages.admin;
const sorts: readonly { value: InventorySort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'price', label: 'Price' },
  { value: 'quantity', label: 'Quantity' },
  { value: 'date', label: 'Date' },
];
const step = adminLimits.bulkPriceStepPercent;

type Dialog =
  | { kind: 'bulk'; percent: number }
  | { kind: 'edit'; item: AdminInventoryItem }
  | { kind: 'delete'; item: AdminInventoryItem }
  | undefined;

interface AdminInventoryProps {
  /** The store the list starts on (the route's storeId); all stores without it. */
  storeId?: number;
  /** Inside a store's page: the store is fixed and the filter hidden. */
  fixedStore?: boolean;
  canManage: boolean;
}

/**
 * Inventory across shops (spec 001 §2.9): filter by store, search by name,
 * set or store, sort by name, price, quantity or date with an asc/desc
 * toggle, bulk ±10% on what the filter selects, edit and delete per item.
 */
export function AdminInventory({ storeId: initialStore, fixedStore = false, canManage }: AdminInventoryProps) {
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState<number | undefined>(initialStore);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [sort, setSort] = useState<InventorySort>('name');
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>();

  const stores = useAdminQuery(
    ['stores', 'all', ''],
    'adminStores',
    { query: { status: 'all', q: '' } },
    {
      enabled: !fixedStore,
    },
  );
  const list = useAdminQuery(
    ['inventory', storeId, q, sort, order, page],
    'adminInventory',
    { query: { store_id: storeId, q, sort, order, page } },
    { placeholderData: keepPreviousData },
  );
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'inventory'] });
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const closeAndReload = () => {
    setDialog(undefined);
    return reload();
  };
  const bulk = (percent: number) =>
    adminChange(
      () => adminCall('adminInventoryBulkPrice', { body: { percent: percent as 10 | -10, store_id: storeId, q } }),
      closeAndReload,
    );
  const remove = (item: AdminInventoryItem) =>
    adminChange(() => adminCall('adminInventoryDelete', { params: { id: item.id } }), closeAndReload);

  const total = list.data?.total ?? 0;
  const columns = fixedStore ? 7 : 8;
  return (
    <div className="admin-section">
      <div className="toolbar">
        {!fixedStore && (
          <label className="admin-inline">
            <span>Store</span>
            <select
              value={storeId ?? ''}
              onChange={(e) => filtered(setStoreId)(e.target.value ? Number(e.target.value) : undefined)}
            >
              <option value="">All stores</option>
              {stores.data?.stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.shop_name}
                </option>
              ))}
            </select>
          </label>
        )}
        <input
          className="toolbar-search"
          type="search"
          aria-label="Search inventory"
          placeholder={fixedStore ? 'Search by name or set' : 'Search by name, set or store'}
          value={search}
          onChange={(e) => filtered(setSearch)(e.target.value)}
        />
        <label className="admin-inline">
          <span>Sort by</span>
          <select value={sort} onChange={(e) => filtered(setSort)(e.target.value as InventorySort)}>
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn sort-toggle"
          aria-label={order === 'asc' ? 'Ascending: switch to descending' : 'Descending: switch to ascending'}
          onClick={() => filtered(setOrder)(order === 'asc' ? 'desc' : 'asc')}
        >
          {order === 'asc' ? '↑ Asc' : '↓ Desc'}
        </button>
      </div>
      {canManage && (
        <div className="toolbar">
          <span className="muted">Bulk price change of the {total} items shown by the filter:</span>
          <button
            type="button"
            className="btn"
            disabled={total === 0}
            onClick={() => setDialog({ kind: 'bulk', percent: step })}
          >
            +{step}%
          </button>
          <button
            type="button"
            className="btn"
            disabled={total === 0}
            onClick={() => setDialog({ kind: 'bulk', percent: -step })}
          >
            -{step}%
          </button>
        </div>
      )}
      <LoadError error={list.error} />
      <div className="table-wrap">
        <table className="table" aria-label="Inventory">
          <thead>
            <tr>
              <th scope="col">Card Name</th>
              <th scope="col">Set</th>
              {!fixedStore && <th scope="col">Store</th>}
              <th scope="col">Description</th>
              <th scope="col" className="admin-num">
                Quantity
              </th>
              <th scope="col" className="admin-num">
                Price
              </th>
              <th scope="col">Updated</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <TableMessageRow columns={columns}>{m.loading}</TableMessageRow>
            ) : !list.data || list.data.items.length === 0 ? (
              <TableMessageRow columns={columns}>{m.noItems}</TableMessageRow>
            ) : (
              list.data.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    {item.card_name}
                    {item.card_artist && <div className="muted">{item.card_artist}</div>}
                  </td>
                  <td>{item.card_setCode}</td>
                  {!fixedStore && <td>{item.store_name}</td>}
                  <td>{item.description}</td>
                  <td className="admin-num">{item.inv_quantity}</td>
                  <td className="admin-num">
                    {item.price === null ? '—' : formatPrice(item.price)}
                    {item.asking_price === null && item.price !== null && <div className="muted">by rule</div>}
                  </td>
                  <td>{formatLocalTime(item.updated_at)}</td>
                  <td>
                    {canManage && (
                      <RowActions
                        className="admin-actions"
                        onEdit={() => setDialog({ kind: 'edit', item })}
                        onDelete={() => setDialog({ kind: 'delete', item })}
                      />
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {list.data && list.data.total_pages > 1 && (
        <Pagination page={page} totalPages={list.data.total_pages} onChange={setPage} label="Inventory pages" />
      )}

      {dialog?.kind === 'bulk' && (
        <ConfirmModal
          title="Bulk Price Change"
          confirm={`Change prices by ${dialog.percent > 0 ? '+' : ''}${dialog.percent}%`}
          busyLabel="Changing..."
          onClose={() => setDialog(undefined)}
          onConfirm={() => bulk(dialog.percent)}
        >
          <p>{m.confirmBulk(dialog.percent, total)}</p>
          <p className="muted">Each item’s asking price is set from the price customers see now.</p>
        </ConfirmModal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          title="Delete Item"
          confirm="Delete"
          busyLabel="Deleting..."
          onClose={() => setDialog(undefined)}
          onConfirm={() => remove(dialog.item)}
        >
          <p>{m.confirmDeleteItem(dialog.item.card_name, dialog.item.store_name)}</p>
        </ConfirmModal>
      )}
      {dialog?.kind === 'edit' && (
        <EditItemModal
          item={dialog.item}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            void reload();
          }}
        />
      )}
    </div>
  );
}
