import { messages } from '@cardstock/contract';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import { TextField } from '../../components/TextField.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { hasAuthToken } from '../../lib/session.ts';
import { addUserProblem, defaultRole, roleOptions, type AddUserForm } from './team-view.ts';

const m = messages.team;
const empty: AddUserForm = { name: '', email: '', role: defaultRole };

/**
 * Add User (spec 001 §2.2, §5, §8): name, e-mail and role, all required. The
 * member is listed at once and mailed a link to choose a password.
 */
export function AddUserModal({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const [form, setForm] = useState<AddUserForm>(empty);
  const [busy, setBusy] = useState(false);
  // The server's reason for a refusal (an address already in use, say), kept beside the spec's toast.
  const [reason, setReason] = useState<string>();

  const field = (key: keyof AddUserForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setReason(undefined);
  };

  async function add(event?: FormEvent) {
    event?.preventDefault();
    const problem = addUserProblem(form);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (!hasAuthToken()) {
      toast.error(m.addFailed);
      return;
    }
    setBusy(true);
    try {
      const answer = await call('teamInvite', {
        body: { name: form.name.trim(), email: form.email.trim(), role: form.role },
      });
      toast.success(answer.message || m.added);
      onAdded();
    } catch (err) {
      toast.error(m.addFailed);
      setReason(err instanceof ApiError ? err.message : undefined);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Add User"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void add()}
          confirm={busy ? 'Adding...' : 'Add'}
          disabled={busy}
        />
      }
    >
      <form className="form" noValidate onSubmit={(e) => void add(e)}>
        <p className="muted">They get an e-mail with a link to choose their password and join the shop.</p>
        <FormMessage text={reason} />
        <TextField
          label="Name"
          name="name"
          autoFocus
          maxLength={200}
          autoComplete="off"
          value={form.name}
          onChange={field('name')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          maxLength={254}
          autoComplete="off"
          value={form.email}
          onChange={field('email')}
        />
        <label>
          Role
          <select name="role" value={form.role} onChange={(e) => field('role')(e.target.value)}>
            {roleOptions.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </label>
        {/* Enter in a field submits; the visible buttons sit in the dialog's footer. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
