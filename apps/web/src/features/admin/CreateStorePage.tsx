import { messages } from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { adminCall, useAdminQuery } from './admin-api.ts';
import { AdminPage } from './AdminPage.tsx';
import { settingsFormOf, settingsPayload, StoreSettingsFields, SubdomainField, useSaveForm } from './StoreForms.tsx';

/**
 * /admin/store/create (spec 001 §2.9, §5): a new shop and its owner, who is
 * mailed an invitation to choose a password. Submit stays disabled until the
 * store name, subdomain, owner e-mail and owner username are all filled.
 */
export function CreateStorePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useAdminQuery(['me'], 'adminMe');
  const [form, setForm] = useState({
    shop_name: '',
    subdomain: '',
    shop_description: '',
    owner_email: '',
    owner_username: '',
  });
  const [settings, setSettings] = useState(settingsFormOf());
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [field]: e.target.value });
  const filled = [form.shop_name, form.subdomain, form.owner_email, form.owner_username].every((v) => v.trim() !== '');
  const canManage = me.data?.can_manage ?? false;

  const { saving, submit, message } = useSaveForm(async () => {
    const answer = await adminCall('adminStoreCreate', { body: { ...form, settings: settingsPayload(settings) } });
    toast.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'stores'] });
    void navigate(`/admin/store/${answer.store.id}/edit`);
  });

  return (
    <AdminPage title="Create New Store" error={me.error}>
      <form className="card form admin-form" aria-label="Create store" onSubmit={(e) => void submit(e)}>
        {message}
        {me.data && !canManage && <p className="muted">{messages.access.forbidden(me.data.role, 'create stores')}</p>}
        <fieldset className="form-grid">
          <legend>Store</legend>
          <label>
            Store name
            <input name="shop_name" required maxLength={120} value={form.shop_name} onChange={set('shop_name')} />
          </label>
          <SubdomainField required value={form.subdomain} onChange={(subdomain) => setForm({ ...form, subdomain })} />
        </fieldset>
        <label>
          Description
          <textarea
            name="shop_description"
            rows={3}
            maxLength={500}
            value={form.shop_description}
            onChange={set('shop_description')}
          />
        </label>
        <fieldset className="form-grid">
          <legend>Owner</legend>
          <label>
            Owner email
            <input name="owner_email" type="email" required value={form.owner_email} onChange={set('owner_email')} />
          </label>
          <label>
            Owner username
            <input
              name="owner_username"
              required
              maxLength={100}
              value={form.owner_username}
              onChange={set('owner_username')}
            />
          </label>
        </fieldset>
        <fieldset className="form">
          <legend>Settings</legend>
          <StoreSettingsFields form={settings} onChange={setSettings} />
        </fieldset>
        <p className="hint">The owner gets an e-mail with a link to choose a password (valid 7 days).</p>
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={!filled || saving || !canManage}>
            {saving ? 'Creating...' : 'Create Store'}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}
