import { messages } from '@cardstock/contract';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { errorText } from '../lib/api.ts';
import { DialogActions } from './DialogActions.tsx';
import { FormMessage } from './FormMessage.tsx';
import { Modal } from './Modal.tsx';

/**
 * Sending a dialog's form: the form's own problem first (shown, nothing sent), then the call; its answer's message
 * as a toast and `done` with the answer, or the server's refusal shown in the dialog with the form kept as typed.
 */
export function useFormSubmit<A extends { message: string }>({
  problem,
  send,
  done,
  failed,
}: {
  problem: () => string | undefined;
  send: () => Promise<A>;
  done: (answer: A) => void;
  /** Said when the server's refusal has no words of its own. */
  failed: string;
}) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (busy) return;
    const found = problem();
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      const answer = await send();
      toast.success(answer.message);
      done(answer);
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, failed));
      setBusy(false);
    }
  }

  return { error, busy, submit: () => void submit() };
}

/**
 * A dialog of one form: its problem above the fields, Cancel and the confirm button in the footer; Enter in a field
 * submits, as in any form.
 */
export function FormModal({
  title,
  confirm,
  form,
  onClose,
  children,
}: {
  title: string;
  /** The confirm button's words (they may say the form is being sent). */
  confirm: string;
  form: { error: string | undefined; busy: boolean; submit: () => void };
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={<DialogActions onCancel={onClose} onConfirm={form.submit} confirm={confirm} disabled={form.busy} />}
    >
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
      >
        <FormMessage text={form.error} />
        {children}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
