import { messages, type AdminStore, type AdminStoreUpdateRequest } from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatLocalTime, formatPrice } from '../../lib/format.ts';
import { adminCall, useAdminQuery } from './admin-api.ts';
import { AdminInventory } from './AdminInventory.tsx';
import { AdminPage, LoadError } from './AdminPage.tsx';
import { DeleteStore } from './DeleteStore.tsx';
import { settingsFormOf, settingsPayload, StoreSettingsFields, SubdomainField, useSaveForm } from './StoreForms.tsx';
import { Tabs } from '../../components/Tabs.tsx';

const m = messages.admin;
type Tab = 'edit' | 'inventory' | 'settings' | 'orders';
const storeTabs = [
  { value: 'edit', label: 'Store Details' },
  { value: 'inventory', label: 'Inventory Management' },
  { value: 'settings', label: 'Store Settings' },
  { value: 'orders', label: 'Orders' },
] as const;
const asTab = (action: string | undefined): Tab =>
  storeTabs.some((t) => t.value === action) ? (action as Tab) : 'edit';

/** /admin/store/{storeId}[/{action}] (spec 001 §2.9): one store's details, inventory, settings and orders. */
export function StorePage() {
  const { storeId = '', action } = useParams();
  const navigate = useNavigate();
  const valid = /^\d+$/.test(storeId) && Number(storeId) > 0;
  const id = Number(storeId);
  const me = useAdminQuery(['me'], 'adminMe');
  const store = useAdminQuery(['store', id], 'adminStore', { params: { id } }, { enabled: valid });
  const tab = asTab(action);
  const canManage = me.data?.can_manage ?? false;

  const title = store.data ? store.data.shop_name : 'Store Management';
  const notFound = store.error instanceof ApiError && store.error.status === 404;
  return (
    <AdminPage title={title} error={me.error ?? store.error}>
      {!valid ? (
        <p className="text-error" role="alert">
          {m.storeIdRequired}
        </p>
      ) : notFound ? (
        <p className="text-error" role="alert">
          {m.storeNotFound}
        </p>
      ) : store.isPending ? (
        <p className="muted">{m.loading}</p>
      ) : !store.data ? (
        <LoadError error={store.error} />
      ) : (
        <>
          <p className="admin-whoami">
            <span className={`badge ${store.data.is_active ? 'badge-success' : 'badge-danger'}`}>
              {store.data.is_active ? 'Active' : 'Inactive'}
            </span>
            <span className="mono">{store.data.subdomain ?? 'no subdomain'}</span>
            <span className="muted">Created {formatLocalTime(store.data.created_at)}</span>
          </p>
          <Tabs label="Store" tabs={storeTabs} value={tab} onChange={(t) => void navigate(`/admin/store/${id}/${t}`)}>
            {tab === 'edit' ? (
              <>
                <DetailsTab key={store.dataUpdatedAt} store={store.data} canManage={canManage} />
                {canManage && <DeleteStore store={store.data} />}
              </>
            ) : tab === 'inventory' ? (
              <AdminInventory storeId={id} fixedStore canManage={canManage} />
            ) : tab === 'settings' ? (
              <SettingsTab key={store.dataUpdatedAt} store={store.data} canManage={canManage} />
            ) : (
              <OrdersTab id={id} />
            )}
          </Tabs>
        </>
      )}
    </AdminPage>
  );
}

function useStoreSave(id: number) {
  const queryClient = useQueryClient();
  return async (body: AdminStoreUpdateRequest) => {
    const answer = await adminCall('adminStoreUpdate', { params: { id }, body });
    toast.success(answer.message);
    queryClient.setQueryData(['admin', 'store', id], answer.store);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'stores'] });
  };
}

function DetailsTab({ store, canManage }: { store: AdminStore; canManage: boolean }) {
  const save = useStoreSave(store.id);
  const [form, setForm] = useState({
    shop_name: store.shop_name,
    subdomain: store.subdomain ?? '',
    shop_description: store.shop_description,
  });
  const { saving, submit, message } = useSaveForm(() =>
    save({
      shop_name: form.shop_name,
      shop_description: form.shop_description,
      ...(form.subdomain ? { subdomain: form.subdomain } : {}),
    }),
  );
  return (
    <form className="card form admin-form" aria-label="Store details" onSubmit={(e) => void submit(e)}>
      {message}
      <div className="form-grid">
        <label>
          Store name
          <input
            required
            maxLength={120}
            disabled={!canManage}
            value={form.shop_name}
            onChange={(e) => setForm({ ...form, shop_name: e.target.value })}
          />
        </label>
        <SubdomainField
          disabled={!canManage}
          value={form.subdomain}
          onChange={(subdomain) => setForm({ ...form, subdomain })}
        />
      </div>
      <label>
        Description
        <textarea
          rows={3}
          maxLength={500}
          disabled={!canManage}
          value={form.shop_description}
          onChange={(e) => setForm({ ...form, shop_description: e.target.value })}
        />
      </label>
      <dl className="admin-figures">
        <div className="admin-figure">
          <dt>Owner</dt>
          <dd className="admin-figure-text">{store.owner_username ?? '—'}</dd>
          <span className="muted">{store.owner_email}</span>
        </div>
        <div className="admin-figure">
          <dt>Items</dt>
          <dd>{store.total_inventory}</dd>
        </div>
        <div className="admin-figure">
          <dt>Pending orders</dt>
          <dd>{store.pending_orders}</dd>
        </div>
      </dl>
      {canManage && (
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={saving || !form.shop_name.trim()}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}

function SettingsTab({ store, canManage }: { store: AdminStore; canManage: boolean }) {
  const save = useStoreSave(store.id);
  const [form, setForm] = useState(settingsFormOf(store));
  const { saving, submit, message } = useSaveForm(() => save({ settings: settingsPayload(form) }));
  return (
    <form className="card form admin-form" aria-label="Store settings" onSubmit={(e) => void submit(e)}>
      {message}
      <StoreSettingsFields form={form} onChange={setForm} disabled={!canManage} />
      {canManage && (
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Settings'}
          </button>
        </div>
      )}
    </form>
  );
}

function OrdersTab({ id }: { id: number }) {
  const orders = useAdminQuery(['store-orders', id], 'adminStoreOrders', { params: { id } });
  return (
    <>
      <LoadError error={orders.error} />
      <div className="table-wrap">
        <table className="table" aria-label="Orders">
          <thead>
            <tr>
              <th scope="col">Order Number</th>
              <th scope="col">Status</th>
              <th scope="col">Placed By</th>
              <th scope="col" className="admin-num">
                Total Items
              </th>
              <th scope="col" className="admin-num">
                Total
              </th>
              <th scope="col">Order Time</th>
              <th scope="col">Decided</th>
            </tr>
          </thead>
          <tbody>
            {!orders.data ? (
              <TableMessageRow columns={7}>{m.loading}</TableMessageRow>
            ) : orders.data.orders.length === 0 ? (
              <TableMessageRow columns={7}>{m.noOrders}</TableMessageRow>
            ) : (
              orders.data.orders.map((o) => (
                <tr key={o.order_number}>
                  <td className="mono">{o.order_number}</td>
                  <td>
                    <span
                      className={`badge ${o.status === 'confirmed' ? 'badge-success' : o.status === 'pending' ? 'badge-warning' : 'badge-danger'}`}
                    >
                      {o.status}
                    </span>
                  </td>
                  <td>{o.source_name}</td>
                  <td className="admin-num">{o.total_items}</td>
                  <td className="admin-num">{formatPrice(o.total)}</td>
                  <td>{formatLocalTime(o.created_at)}</td>
                  <td>{o.decided_at ? `${formatLocalTime(o.decided_at)} · ${o.decided_by ?? ''}` : '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
