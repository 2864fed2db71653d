import { useParams } from 'react-router';
import { useAdminQuery } from './admin-api.ts';
import { AdminInventory } from './AdminInventory.tsx';
import { AdminPage } from './AdminPage.tsx';

/** /admin/inventory and /admin/inventory/{storeId}: the global inventory, optionally starting on one store. */
export function AdminInventoryPage() {
  const { storeId } = useParams();
  const me = useAdminQuery(['me'], 'adminMe');
  const id = storeId && /^\d+$/.test(storeId) ? Number(storeId) : undefined;
  return (
    <AdminPage title="Global Inventory" error={me.error}>
      {/* Keyed by the route's store, so following another store's Inventory link starts over on it. */}
      <AdminInventory key={storeId ?? 'all'} storeId={id} canManage={me.data?.can_manage ?? false} />
    </AdminPage>
  );
}
