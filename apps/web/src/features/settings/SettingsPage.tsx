import { messages, roleAllows, type ShopSettings } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PublicAddressNote } from '../../components/PublicAddressNote.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { ShopDataCard } from './ShopDataCard.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { SettingsEditor } from './SettingsEditor.tsx';
import { shopStatus } from './settings-form.ts';
import './settings.css';

const m = messages.settings;
const title = 'Shop Settings';

/** The shop's settings; a failure says so in a toast (spec 001 §8). */
async function fetchSettings(): Promise<ShopSettings> {
  try {
    return await call('settingsGet', {}, m.loadFailed);
  } catch (err) {
    toast.error(m.loadFailed);
    throw err;
  }
}

/**
 * Shop Settings (spec 001 §2.4, §4, §7–§9; DESIGN §4): what the storefront
 * looks like now, and a form for the subdomain, visibility, description and
 * pricing rule. Only the Owner and Managers change settings: anyone else sees
 * why, and the screen makes no calls for them.
 */
export function SettingsPage() {
  useTitle(title);
  const signedIn = hasAuthToken();
  const canChange = roleAllows(userRole(), 'settings');

  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: fetchSettings,
    enabled: signedIn && canChange,
    retry: false,
  });
  const { refetch: loadAgain } = settings;

  /** Reset: what the server has now, the form filled again, and the info that it was. */
  async function reset() {
    const again = await loadAgain();
    if (again.isSuccess) toast.info(m.reset);
  }

  return (
    <section className="page settings-page">
      <PageHeader title={title} />
      {canChange && <PublicAddressNote />}
      <QueryState
        query={settings}
        notAllowed={canChange ? undefined : m.notAllowed}
        notSignedIn={signedIn ? undefined : m.notAuthenticated}
        loading={m.loading}
        failed={m.loadFailed}
      >
        {(data) => (
          <div className="settings-layout">
            <div className="settings-side">
              <ShopInfo settings={data} />
              {roleAllows(userRole(), 'data:export') && <ShopDataCard />}
            </div>
            <SettingsEditor
              // A fresh load (Reset) fills the form again from what the server has.
              key={settings.dataUpdatedAt}
              settings={data}
              isResetting={settings.isFetching}
              onReset={() => void reset()}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}

/** The storefront as it is now (spec 001 §2.4). */
function ShopInfo({ settings }: { settings: ShopSettings }) {
  const status = shopStatus(settings);
  return (
    <section className="card settings-card" aria-labelledby="settings-info-title">
      <h2 id="settings-info-title">Current Shop Info</h2>
      <dl className="fact-tiles settings-info">
        <div>
          <dt>Shop Name</dt>
          <dd>{settings.name}</dd>
        </div>
        <div>
          <dt>Current Subdomain</dt>
          <dd>{settings.subdomain ?? <span className="muted">None</span>}</dd>
        </div>
        <div>
          <dt>Shop Visibility</dt>
          <dd>
            <span className={status.visibility === 'Public' ? 'badge badge-success' : 'badge'}>
              {status.visibility}
            </span>
          </dd>
        </div>
        <div>
          <dt>Public Access</dt>
          <dd>
            <span className={status.access === 'Enabled' ? 'badge badge-success' : 'badge'}>{status.access}</span>
          </dd>
        </div>
        {settings.public_url && (
          <div>
            <dt>Public URL</dt>
            <dd>
              <a href={settings.public_url} target="_blank" rel="noreferrer" className="settings-url">
                {settings.public_url}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
