import { messages, plural, type StoreStatusFilter } from '@cardstock/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Cookies from 'js-cookie';
import { TileGrid, type Tile } from '../../components/TileGrid.tsx';
import { userRole } from '../../lib/session.ts';
import { adminCall, adminChange, useAdminQuery } from './admin-api.ts';
import { roleLabels, storeFilters } from './admin-view.ts';
import { AdminPage, LoadError } from './AdminPage.tsx';
import { Inboxes } from './Inboxes.tsx';
import { StoreCard } from './StoreCard.tsx';

const m = messages.admin;

/** The six quick actions of spec 001 §2.9, in its order. */
const tiles = [
  { to: '/admin/store/create', title: 'Create New Store', text: 'Open a shop and invite its owner', icon: 'spark' },
  { to: '/admin/inventory', title: 'Global Inventory', text: 'Every shop’s stock, prices in bulk', icon: 'boxes' },
  {
    to: '/admin/system-settings',
    title: 'System Settings',
    text: 'Platform, security, notifications, API',
    icon: 'settings',
  },
  { to: '/admin/users', title: 'User Management', text: 'Accounts, roles and access', icon: 'users' },
  { to: '/admin/reports', title: 'Reports', text: 'Stores, users and revenue, as CSV or PDF', icon: 'clipboard' },
  { to: '/admin/analytics', title: 'Analytics', text: 'Live figures and server health', icon: 'chart' },
] as const satisfies readonly Tile[];

/**
 * The admin dashboard (spec 001 §2.9) on real data: who is signed in, the
 * quick actions, every shop with its real counts and the switch that
 * suspends or restores it, and the inboxes.
 */
export function AdminDashboardPage() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StoreStatusFilter>('all');
  const [q, setQ] = useState('');
  const [busyId, setBusyId] = useState<number>();
  const me = useAdminQuery(['me'], 'adminMe');
  const stores = useAdminQuery(
    ['stores', status, q],
    'adminStores',
    { query: { status, q } },
    {
      placeholderData: keepPreviousData,
    },
  );

  // Until the server answers: the cookies, and the spec's default of admin with permission "all".
  const username = me.data?.username ?? Cookies.get('username') ?? '';
  const role = me.data?.role ?? userRole() ?? 'admin';
  const permission = me.data ? (me.data.can_manage ? 'all' : 'read only') : 'all';
  const canManage = me.data?.can_manage ?? false;

  async function toggle(id: number, isActive: boolean) {
    setBusyId(id);
    await adminChange(
      () => adminCall('adminStoreSetActive', { params: { id }, body: { is_active: !isActive } }),
      () => queryClient.invalidateQueries({ queryKey: ['admin', 'stores'] }),
    );
    setBusyId(undefined);
  }

  return (
    <AdminPage title={m.dashboardTitle} error={me.error ?? stores.error} back={false}>
      <p className="admin-whoami" aria-label="Signed in as">
        <span>
          Welcome, <strong>{username || m.loading}</strong>
        </span>
        <span className="badge">{roleLabels[role as keyof typeof roleLabels] ?? role}</span>
        <span className="muted">Permissions: {permission}</span>
      </p>
      <TileGrid label="Quick actions" tiles={tiles} />

      <section className="admin-section" aria-labelledby="store-management">
        <h2 id="store-management">Store Management</h2>
        <div className="toolbar">
          <label className="admin-inline">
            <span>Filter</span>
            <select value={status} onChange={(e) => setStatus(e.target.value as StoreStatusFilter)}>
              {storeFilters.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <input
            className="toolbar-search"
            type="search"
            aria-label="Search stores"
            placeholder="Search by name or subdomain"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
          <span className="muted" role="status">
            {stores.data ? plural(stores.data.stores.length, 'store') : ''}
          </span>
        </div>
        <LoadError error={stores.error} />
        {stores.isPending ? (
          <p className="muted">{m.loading}</p>
        ) : stores.data?.stores.length === 0 ? (
          <p className="muted">{m.noStores}</p>
        ) : (
          <div className="store-grid">
            {stores.data?.stores.map((store) => (
              <StoreCard
                key={store.id}
                store={store}
                canManage={canManage}
                busy={busyId === store.id}
                onToggle={() => void toggle(store.id, store.is_active)}
              />
            ))}
          </div>
        )}
      </section>

      <Inboxes canManage={canManage} />
    </AdminPage>
  );
}
