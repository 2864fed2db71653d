import type { AdminStore } from '@cardstock/contract';
import { Link } from 'react-router';
import { cutDescription, plural } from './admin-view.ts';

interface StoreCardProps {
  store: AdminStore;
  canManage: boolean;
  busy: boolean;
  onToggle: () => void;
}

/**
 * One store of Store Management (spec 001 §2.9): its status and the
 * Activate/Deactivate toggle, item and pending-order counts, the description
 * cut at 100 characters, and the four ways into it.
 */
export function StoreCard({ store, canManage, busy, onToggle }: StoreCardProps) {
  const id = store.id;
  return (
    <article className="card store-card" aria-labelledby={`store-${id}-name`}>
      <header className="store-card-head">
        <div>
          <h3 id={`store-${id}-name`}>{store.shop_name}</h3>
          <p className="mono">{store.subdomain ?? 'no subdomain'}</p>
        </div>
        <span className={`badge ${store.is_active ? 'badge-success' : 'badge-danger'}`}>
          {store.is_active ? 'Active' : 'Inactive'}
        </span>
      </header>
      <p className="store-card-text">
        {store.shop_description ? (
          cutDescription(store.shop_description)
        ) : (
          <span className="muted">No description.</span>
        )}
      </p>
      <dl className="store-card-counts">
        <div>
          <dt>Items</dt>
          <dd>{plural(store.total_inventory, 'item')}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{plural(store.pending_orders, 'pending order')}</dd>
        </div>
      </dl>
      <p className="muted store-card-owner">
        Owner: {store.owner_username ?? '—'}
        {store.owner_email && store.owner_email !== store.owner_username ? ` (${store.owner_email})` : ''}
      </p>
      <div className="store-card-actions">
        <Link to={`/admin/store/${id}/edit`} className="btn btn-small">
          Edit Store
        </Link>
        <Link to={`/admin/inventory/${id}`} className="btn btn-small">
          Inventory
        </Link>
        <Link to={`/admin/store/${id}/orders`} className="btn btn-small">
          Orders
        </Link>
        <Link to={`/admin/store/${id}/settings`} className="btn btn-small">
          Settings
        </Link>
      </div>
      {canManage && (
        <button
          type="button"
          className={`btn btn-small ${store.is_active ? 'btn-danger' : 'btn-primary'} store-card-toggle`}
          disabled={busy}
          onClick={onToggle}
        >
          {store.is_active ? 'Deactivate' : 'Activate'}
        </button>
      )}
    </article>
  );
}
