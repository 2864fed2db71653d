import { adminBounds, messages, type AdminBound, type SystemSettingsGroups } from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { useAdminQuery, adminCall } from './admin-api.ts';
import { boundedNumber } from './admin-view.ts';
import { AdminPage, LoadError } from './AdminPage.tsx';
import { useSaveForm } from './StoreForms.tsx';
import { Tabs } from '../../components/Tabs.tsx';

type Group = keyof SystemSettingsGroups;
const groups = [
  { value: 'platform', label: 'Platform' },
  { value: 'security', label: 'Security' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'api', label: 'API' },
] as const;

/** The bounded numbers stay text while typed; Save applies the bounds and fallbacks (spec 001 §5). */
type NumberField =
  'max_stores_per_user' | 'password_min_length' | 'session_timeout_hours' | 'smtp_port' | 'rate_limit_per_minute';
const numberGroup: Record<NumberField, Group> = {
  max_stores_per_user: 'platform',
  password_min_length: 'security',
  session_timeout_hours: 'security',
  smtp_port: 'notifications',
  rate_limit_per_minute: 'api',
};

/** /admin/system-settings (spec 001 §2.9, §3, §5): four tabs, saved together, enforced within seconds. */
export function SystemSettingsPage() {
  const me = useAdminQuery(['me'], 'adminMe');
  const settings = useAdminQuery(['system-settings'], 'adminSystemSettings');
  // Here rather than in the form, so the tab stays open when a save re-creates the form from the answer.
  const [tab, setTab] = useState<Group>('platform');
  return (
    <AdminPage title="System Settings" error={me.error ?? settings.error}>
      <LoadError error={settings.error} />
      {settings.data ? (
        <SettingsForm
          key={settings.dataUpdatedAt}
          saved={settings.data}
          canManage={me.data?.can_manage ?? false}
          tab={tab}
          onTab={setTab}
        />
      ) : (
        !settings.error && <p className="muted">{messages.admin.loading}</p>
      )}
    </AdminPage>
  );
}

interface SettingsFormProps {
  saved: SystemSettingsGroups;
  canManage: boolean;
  tab: Group;
  onTab: (tab: Group) => void;
}

function SettingsForm({ saved, canManage, tab, onTab }: SettingsFormProps) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(saved);
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(() => ({
    max_stores_per_user: String(saved.platform.max_stores_per_user),
    password_min_length: String(saved.security.password_min_length),
    session_timeout_hours: String(saved.security.session_timeout_hours),
    smtp_port: String(saved.notifications.smtp_port),
    rate_limit_per_minute: String(saved.api.rate_limit_per_minute),
  }));

  const withNumbers = (): SystemSettingsGroups => {
    const next = structuredClone(form);
    for (const field of Object.keys(numbers) as NumberField[]) {
      (next[numberGroup[field]] as Record<string, unknown>)[field] = boundedNumber(numbers[field], adminBounds[field]);
    }
    return next;
  };
  const { saving, submit, message } = useSaveForm(async () => {
    const body = withNumbers();
    const answer = await adminCall('adminSystemSettingsSave', { body });
    toast.success(answer.message);
    queryClient.setQueryData(['admin', 'system-settings'], answer.settings);
  });

  function flag<G extends Group>(
    group: G,
    field: keyof SystemSettingsGroups[G] & string,
    label: string,
    hint?: string,
  ) {
    return (
      <label className="checkbox">
        <input
          type="checkbox"
          name={field}
          disabled={!canManage}
          checked={form[group][field] as boolean}
          onChange={(e) => setForm({ ...form, [group]: { ...form[group], [field]: e.target.checked } })}
        />
        {label}
        {hint && <span className="hint">{hint}</span>}
      </label>
    );
  }
  function text<G extends Group>(
    group: G,
    field: keyof SystemSettingsGroups[G] & string,
    label: string,
    type = 'text',
  ) {
    return (
      <label>
        {label}
        <input
          type={type}
          name={field}
          disabled={!canManage}
          value={form[group][field] as string}
          onChange={(e) => setForm({ ...form, [group]: { ...form[group], [field]: e.target.value } })}
        />
      </label>
    );
  }
  function number(field: NumberField, label: string, unit?: string): ReactNode {
    const bound: AdminBound = adminBounds[field];
    return (
      <label>
        {label}
        <input
          type="number"
          name={field}
          min={bound.min}
          max={bound.max}
          disabled={!canManage}
          value={numbers[field]}
          onChange={(e) => setNumbers({ ...numbers, [field]: e.target.value })}
          onBlur={() => setNumbers({ ...numbers, [field]: String(boundedNumber(numbers[field], bound)) })}
        />
        <span className="hint">
          {bound.min} to {bound.max}
          {unit ? ` ${unit}` : ''}; empty or invalid means {bound.fallback}.
        </span>
      </label>
    );
  }

  return (
    <form className="card form admin-form" aria-label="System settings" onSubmit={(e) => void submit(e)}>
      {message}
      <Tabs label="Settings" tabs={groups} value={tab} onChange={onTab}>
        <div className="form">
          {tab === 'platform' && (
            <>
              {text('platform', 'site_name', 'Site name')}
              <label>
                Site description
                <textarea
                  name="site_description"
                  rows={2}
                  maxLength={500}
                  disabled={!canManage}
                  value={form.platform.site_description}
                  onChange={(e) =>
                    setForm({ ...form, platform: { ...form.platform, site_description: e.target.value } })
                  }
                />
              </label>
              {flag(
                'platform',
                'maintenance_mode',
                'Maintenance mode',
                'Shop calls answer “down for maintenance”; the admin area stays open.',
              )}
              {flag('platform', 'allow_new_registrations', 'Allow new registrations')}
              {number('max_stores_per_user', 'Max stores per user')}
            </>
          )}
          {tab === 'security' && (
            <>
              {flag(
                'security',
                'require_email_verification',
                'Require email verification',
                'Kept for the platform; sign-in does not check it yet.',
              )}
              {number('password_min_length', 'Minimum password length', 'characters')}
              {flag(
                'security',
                'enable_two_factor',
                'Enable two-factor authentication',
                'Kept for the platform; sign-in does not ask for it yet.',
              )}
              {number('session_timeout_hours', 'Session timeout', 'hours')}
            </>
          )}
          {tab === 'notifications' && (
            <>
              {flag('notifications', 'email_notifications', 'Email notifications')}
              {text('notifications', 'admin_email', 'Admin email', 'email')}
              {text('notifications', 'smtp_server', 'SMTP server')}
              {number('smtp_port', 'SMTP port')}
            </>
          )}
          {tab === 'api' && (
            <>
              {number('rate_limit_per_minute', 'Rate limit', 'requests per minute per client')}
              {flag('api', 'enable_api_logging', 'Enable API logging')}
              {text('api', 'api_version', 'API version')}
            </>
          )}
        </div>
      </Tabs>
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
