import { useState, type ReactNode } from 'react';
import { DialogActions } from './DialogActions.tsx';
import { Modal } from './Modal.tsx';

/**
 * Asks before something that cannot be taken back. `onConfirm` does the work
 * and says whether it succeeded; while it runs the button shows `busyLabel`,
 * and after a failure the dialog stays open for another try.
 */
export function ConfirmModal({
  title,
  confirm,
  busyLabel,
  onClose,
  onConfirm,
  children,
}: {
  title: string;
  confirm: string;
  busyLabel: string;
  onClose: () => void;
  onConfirm: () => Promise<boolean>;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    if (!(await onConfirm())) setBusy(false);
  }

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void run()}
          confirm={busy ? busyLabel : confirm}
          disabled={busy}
          danger
        />
      }
    >
      {children}
    </Modal>
  );
}
