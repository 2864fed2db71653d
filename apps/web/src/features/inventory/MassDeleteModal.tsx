import { limits, messages } from '@cardstock/contract';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call, errorText } from '../../lib/api.ts';

const m = messages.inventory;
const SECONDS = limits.massDeleteCountdownSeconds;

/**
 * Deleting everything waits five seconds before it can be confirmed, with a
 * progress bar; closing the dialog resets the wait (spec 001 §2.1, §4).
 */
export function MassDeleteModal({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const [left, setLeft] = useState<number>(SECONDS);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  async function deleteAll() {
    setBusy(true);
    try {
      const answer = await call('inventoryDeleteAll');
      toast.success(answer.message || m.deletedAll);
      onDeleted();
    } catch (err) {
      toast.error(m.deleteFailed(errorText(err, 'network error')));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Mass Delete"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void deleteAll()}
          confirm={busy ? m.deleting : m.deleteAll}
          disabled={left > 0 || busy}
          danger
        />
      }
    >
      <p className="text-error">{m.deleteWarning}</p>
      <p>{m.sealedKept}</p>
      <p>
        <strong>{m.cannotUndo}</strong>
      </p>
      <progress max={SECONDS} value={SECONDS - left} aria-label="Countdown" />
      <p role="status">{left > 0 ? m.countdown(left) : m.canConfirm}</p>
    </Modal>
  );
}
