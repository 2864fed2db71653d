import { useState, type ReactNode } from 'react';
import { DialogActions } from './DialogActions.tsx';
import { Modal } from './Modal.tsx';

/**
 * Asks before something that cannot be taken back. `onConfirm` does the work
 * and says whether it succeeded; while it runs the button shows `busyLabel`,
 * and after a failure the dialog stays open for another try. `danger: false`
 * asks before something that is not destructive (a paid upgrade).
 */
export function ConfirmModal({
  title,
  confirm,
  busyLabel,
  onClose,
  onConfirm,
  children,
  dismiss,
  danger = true,
}: {
  title: string;
  confirm: string;
  busyLabel: string;
  dismiss?: string;
  danger?: boolean;
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
          danger={danger}
          dismiss={dismiss}
        />
      }
    >
      {children}
    </Modal>
  );
}
