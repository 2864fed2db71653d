import { messages, type Device } from '@cardstock/contract';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken } from '../../lib/session.ts';

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
  async function remove(): Promise<boolean> {
    if (!hasAuthToken()) {
      toast.error(m.noAuthToken);
      return false;
    }
    try {
      await call('removeDevice', {
        body: { device_name: device.name, serial_number: device.serial_number },
      });
      toast.success(m.removed);
      onRemoved();
      return true;
    } catch {
      toast.error(m.removeFailed);
      return false;
    }
  }

  return (
    <ConfirmModal title="Remove Device" confirm="Remove" busyLabel="Removing..." onClose={onClose} onConfirm={remove}>
      <p>{m.confirmRemove(device.name)}</p>
      <p className="muted">
        Serial number <span className="mono">{device.serial_number}</span>. The tablet is signed out at once; pair it
        again with a new code.
      </p>
    </ConfirmModal>
  );
}
