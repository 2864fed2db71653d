import type { ReactNode } from 'react';

interface DialogActionsProps {
  onCancel: () => void;
  onConfirm: () => void;
  /** The confirm button's text, already switched to its busy form by the caller when busy. */
  confirm: ReactNode;
  disabled?: boolean;
  danger?: boolean;
  /** The left button's text, when "Cancel" would be ambiguous (cancelling a subscription). */
  dismiss?: ReactNode;
}

/** Cancel on the left, the dialog's one action on the right. */
export function DialogActions({
  onCancel,
  onConfirm,
  confirm,
  disabled,
  danger,
  dismiss = 'Cancel',
}: DialogActionsProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        {dismiss}
      </button>
      <button
        type="button"
        className={danger ? 'btn btn-danger' : 'btn btn-primary'}
        disabled={disabled}
        onClick={onConfirm}
      >
        {confirm}
      </button>
    </>
  );
}
