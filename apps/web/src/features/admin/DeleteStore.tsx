import { messages, type AdminStore } from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { adminCall, adminChange } from './admin-api.ts';

const m = messages.admin;

/** Deleting a store for good (privacy policy): the name is typed to confirm, and the server checks it too. */
export function DeleteStore({ store }: { store: AdminStore }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');

  const remove = () =>
    adminChange(
      () => adminCall('adminStoreDelete', { params: { id: store.id }, body: { confirm_name: typed } }),
      async () => {
        await queryClient.invalidateQueries({ queryKey: ['admin'] });
        void navigate('/admin/dashboard');
      },
    );

  return (
    <section className="card admin-danger" aria-labelledby="delete-store-title">
      <h2 id="delete-store-title">{m.deleteStoreTitle}</h2>
      <p className="muted">{m.deleteStoreText}</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {m.deleteStoreButton}
      </button>
      {open && (
        <ConfirmModal
          title={m.deleteStoreTitle}
          confirm={m.deleteStoreConfirm}
          busyLabel={m.deleteStoreBusy}
          onClose={() => {
            setOpen(false);
            setTyped('');
          }}
          onConfirm={remove}
        >
          <p>{m.deleteStoreWarning(store.shop_name)}</p>
          <label className="form">
            {m.deleteStoreType}
            <input autoFocus value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          </label>
        </ConfirmModal>
      )}
    </section>
  );
}
