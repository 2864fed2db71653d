import { messages, type Device } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call } from '../../lib/api.ts';
import { authToken } from '../../lib/session.ts';

const m = messages.devices;

/**
 * Asks before removing a device (spec 000 §8): once removed, its token is
 * refused at once, so a tablet in use stops working mid-sale.
 */
export function RemoveDeviceModal({
  device,
  onClose,
  onRemoved,
}: {
  device: Device;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    const token = authToken();
    if (!token) {
      toast.error(m.noAuthToken);
      return;
    }
    setBusy(true);
    try {
      await call('removeDevice', {
        body: { token, device_name: device.name, serial_number: device.serial_number },
      });
      toast.success(m.removed);
      onRemoved();
    } catch {
      toast.error(m.removeFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Remove Device"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void remove()}
          confirm={busy ? 'Removing...' : 'Remove'}
          disabled={busy}
          danger
        />
      }
    >
      <p>{m.confirmRemove(device.name)}</p>
      <p className="muted">
        Serial number <span className="mono">{device.serial_number}</span>. The tablet is signed out at once; pair it
        again with a new code.
      </p>
    </Modal>
  );
}
