import { messages, type AdminMe, type AdminUser, type PlatformRole } from '@cardstock/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Modal } from '../../components/Modal.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { formatLocalTime } from '../../lib/format.ts';
import { adminCall, adminChange, useAdminQuery } from './admin-api.ts';
import { assignableRoles, roleLabels } from './admin-view.ts';
import { AdminPage, LoadError } from './AdminPage.tsx';
import { useSaveForm } from './StoreForms.tsx';
import { RowActions } from '../../components/RowActions.tsx';

const m = messages.admin;
type Dialog = { kind: 'edit'; user: AdminUser } | { kind: 'delete'; user: AdminUser } | undefined;

/**
 * /admin/users (spec 001 §2.9, §6): every account with its platform role.
 * A superadmin's role is locked in the editor and its Delete is disabled; the
 * server refuses both anyway.
 */
export function UsersPage() {
  const queryClient = useQueryClient();
  const me = useAdminQuery(['me'], 'adminMe');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const users = useAdminQuery(['users', q], 'adminUsers', { query: { q } }, { placeholderData: keepPreviousData });
  const [dialog, setDialog] = useState<Dialog>();
  const canManage = me.data?.can_manage ?? false;
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });

  const remove = (user: AdminUser) =>
    adminChange(
      () => adminCall('adminUserDelete', { params: { id: user.id } }),
      () => {
        setDialog(undefined);
        return reload();
      },
    );

  return (
    <AdminPage title="User Management" error={me.error ?? users.error}>
      <div className="toolbar">
        <input
          className="toolbar-search"
          type="search"
          aria-label="Search users"
          placeholder="Search by e-mail or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <span className="muted" role="status">
          {users.data ? `${users.data.users.length} users` : ''}
        </span>
      </div>
      <LoadError error={users.error} />
      <div className="table-wrap">
        <table className="table" aria-label="Users">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Shop</th>
              <th scope="col" className="admin-num">
                Orders
              </th>
              <th scope="col">Last Login</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <TableMessageRow columns={7}>{m.loading}</TableMessageRow>
            ) : !users.data || users.data.users.length === 0 ? (
              <TableMessageRow columns={7}>{m.noUsers}</TableMessageRow>
            ) : (
              users.data.users.map((user) => {
                const isSuper = user.role === 'superadmin';
                const isSelf = user.email === me.data?.email;
                return (
                  <tr key={user.id}>
                    <td>
                      <strong>{user.username}</strong>
                      {user.username !== user.email && <div className="muted">{user.email}</div>}
                      {user.email_verified && (
                        <span className="badge badge-success" title="Used a link mailed to this address">
                          E-mail verified
                        </span>
                      )}
                    </td>
                    <td>
                      <span className={isSuper ? 'badge badge-warning' : 'badge'}>{roleLabels[user.role]}</span>
                    </td>
                    <td>
                      <span className={`badge ${user.is_active ? 'badge-success' : 'badge-danger'}`}>
                        {user.is_active ? 'Active' : 'Inactive'}
                      </span>
                    </td>
                    <td>
                      {user.shop_name ?? <span className="muted">—</span>}
                      {user.shop_role && <div className="muted">{user.shop_role}</div>}
                    </td>
                    <td className="admin-num">{user.total_orders}</td>
                    <td>{user.last_login ? formatLocalTime(user.last_login) : 'Never'}</td>
                    <td>
                      {canManage && (
                        <RowActions
                          className="admin-actions"
                          editDisabled={isSelf}
                          deleteDisabled={isSuper || isSelf}
                          deleteTitle={isSuper ? messages.adminServer.superadminProtected : undefined}
                          onEdit={() => setDialog({ kind: 'edit', user })}
                          onDelete={() => setDialog({ kind: 'delete', user })}
                        />
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>

      {dialog?.kind === 'edit' && me.data && (
        <EditUserModal
          user={dialog.user}
          me={me.data}
          onClose={() => setDialog(undefined)}
          onSaved={() => {
            setDialog(undefined);
            void reload();
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          title="Delete User"
          confirm="Delete"
          busyLabel="Deleting..."
          onClose={() => setDialog(undefined)}
          onConfirm={() => remove(dialog.user)}
        >
          <p>{m.confirmDeleteUser(dialog.user.email)}</p>
        </ConfirmModal>
      )}
    </AdminPage>
  );
}

function EditUserModal({
  user,
  me,
  onClose,
  onSaved,
}: {
  user: AdminUser;
  me: AdminMe;
  onClose: () => void;
  onSaved: () => void;
}) {
  const locked = user.role === 'superadmin';
  const [form, setForm] = useState({ username: user.username, role: user.role, is_active: user.is_active });
  const roles = assignableRoles(me.can_grant_superadmin);
  const { saving, run, submit, message } = useSaveForm(async () => {
    const answer = await adminCall('adminUserUpdate', {
      params: { id: user.id },
      body: locked ? { username: form.username } : form,
    });
    toast.success(answer.message);
    onSaved();
  });
  return (
    <Modal
      open
      title="Edit User"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void run()}
          confirm={saving ? 'Saving...' : 'Save'}
          disabled={saving || !form.username.trim()}
        />
      }
    >
      <form className="form" aria-label="Edit user" onSubmit={(e) => void submit(e)}>
        {message}
        <p className="muted">{user.email}</p>
        <label>
          Username
          <input
            required
            maxLength={100}
            value={form.username}
            onChange={(e) => setForm({ ...form, username: e.target.value })}
          />
        </label>
        <label>
          Role
          <select
            value={form.role}
            disabled={locked}
            onChange={(e) => setForm({ ...form, role: e.target.value as PlatformRole })}
          >
            {(roles.includes(user.role) ? roles : [user.role, ...roles]).map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
          {locked && <span className="hint">{m.superadminLocked}</span>}
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={form.is_active}
            disabled={locked}
            onChange={(e) => setForm({ ...form, is_active: e.target.checked })}
          />
          Active (may sign in)
        </label>
      </form>
    </Modal>
  );
}
