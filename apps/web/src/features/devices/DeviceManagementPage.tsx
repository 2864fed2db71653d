import { messages, roleAllows, type Device } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { CreateCodeFlow } from './CreateCodeFlow.tsx';
import { activeBadge, deviceKey, deviceTime, removedToggleText, splitDevices } from './device-view.ts';
import { RemoveDeviceModal } from './RemoveDeviceModal.tsx';
import './devices.css';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PublicAddressNote } from '../../components/PublicAddressNote.tsx';

const m = messages.devices;
const title = 'Device Management';

type Dialog = { kind: 'code' } | { kind: 'remove'; device: Device } | undefined;

/** The shop's devices, removed ones included (the page hides those until asked); a failure says so in a toast (spec 000 §8). */
async function fetchDevices(): Promise<Device[]> {
  try {
    return (await call('devices')).data.devices;
  } catch (err) {
    toast.error(m.fetchFailed);
    throw err;
  }
}

/**
 * Device Management (spec 000 §2–§4, §7): the shop's paired tablets, a code
 * to pair another, and Remove, which signs a tablet out for good. Only the
 * Owner and Managers manage devices; the server refuses anyone else.
 */
export function DeviceManagementPage() {
  useTitle(title);
  const signedIn = hasAuthToken();
  const canManage = roleAllows(userRole(), 'devices');
  const [dialog, setDialog] = useState<Dialog>();
  // Removed devices stay on record (their tokens are known as revoked) but are history: hidden until asked for.
  const [showRemoved, setShowRemoved] = useState(false);
  const tableId = useId();

  // Without a session cookie the list stays empty and nothing is called (spec 000 §4).
  const list = useQuery({
    queryKey: ['devices'],
    queryFn: fetchDevices,
    enabled: signedIn && canManage,
    retry: false,
  });
  const { active, removed } = splitDevices(list.data ?? []);
  const rows = showRemoved ? [...active, ...removed] : active;
  const { refetch: reload } = list;

  function refresh() {
    if (!signedIn) {
      toast.error(m.noAuthToken);
      return;
    }
    void reload();
  }

  return (
    <section className="page devices-page">
      <PageHeader title={title} />
      {canManage && <PublicAddressNote />}
      {!canManage ? (
        <p className="muted">Devices are managed by the Owner or a Manager.</p>
      ) : (
        <>
          <div className="toolbar">
            <button type="button" className="btn" disabled={list.isFetching} onClick={refresh}>
              {list.isFetching ? 'Refreshing...' : 'Refresh'}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'code' })}>
              Create Code
            </button>
            <span className="device-count" role="status">
              Total Devices: <strong>{active.length}</strong>
            </span>
          </div>
          <div className="table-wrap">
            <table id={tableId} className="table device-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Serial Number</th>
                  <th scope="col">IP Address</th>
                  <th scope="col">Registered On</th>
                  <th scope="col">Last Login</th>
                  <th scope="col">Active</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.isPending && list.fetchStatus === 'fetching' ? (
                  <TableMessageRow columns={7}>Loading devices...</TableMessageRow>
                ) : rows.length === 0 ? (
                  <TableMessageRow columns={7}>
                    {removed.length === 0
                      ? 'No devices yet: create a code and pair a tablet with it.'
                      : 'No active devices: create a code and pair a tablet with it.'}
                  </TableMessageRow>
                ) : (
                  rows.map((device) => (
                    <DeviceRow
                      key={deviceKey(device)}
                      device={device}
                      onRemove={() => setDialog({ kind: 'remove', device })}
                    />
                  ))
                )}
              </tbody>
            </table>
          </div>
          {removed.length > 0 && (
            <button
              type="button"
              className="btn btn-small device-removed-toggle"
              aria-expanded={showRemoved}
              aria-controls={tableId}
              onClick={() => setShowRemoved((shown) => !shown)}
            >
              {removedToggleText(removed.length, showRemoved)}
            </button>
          )}
        </>
      )}

      <CreateCodeFlow
        open={dialog?.kind === 'code'}
        onClose={() => {
          setDialog(undefined);
          // Staff usually pair the tablet while the code is shown: list it when they come back.
          if (signedIn) void reload();
        }}
      />
      {dialog?.kind === 'remove' && (
        <RemoveDeviceModal
          device={dialog.device}
          onClose={() => setDialog(undefined)}
          onRemoved={() => {
            setDialog(undefined);
            void reload();
          }}
        />
      )}
    </section>
  );
}

function DeviceRow({ device, onRemove }: { device: Device; onRemove: () => void }) {
  const badge = activeBadge(device.is_active);
  return (
    <tr className={device.is_active ? undefined : 'device-inactive'}>
      <td>{device.name}</td>
      <td className="mono">{device.serial_number}</td>
      <td className="mono">{device.ip_address}</td>
      <td>
        <time dateTime={device.registered_on}>{deviceTime(device.registered_on)}</time>
      </td>
      <td>
        {device.last_login ? (
          <time dateTime={device.last_login}>{deviceTime(device.last_login)}</time>
        ) : (
          <span className="muted">{m.never}</span>
        )}
      </td>
      <td>
        <span className={badge.className}>{badge.label}</span>
      </td>
      <td>
        {device.is_active && (
          <button type="button" className="btn btn-small btn-danger" onClick={onRemove}>
            Remove
          </button>
        )}
      </td>
    </tr>
  );
}
