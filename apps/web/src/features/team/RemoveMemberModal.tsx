import { messages } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call, NetworkError } from '../../lib/api.ts';
import { authToken } from '../../lib/session.ts';
import type { TeamRow } from './team-view.ts';

const m = messages.team;

/**
 * Asks before removing a member: their sessions end with the removal, so
 * someone mid-sale is signed out at once (spec 001 §8 for the texts).
 */
export function RemoveMemberModal({
  member,
  onClose,
  onRemoved,
}: {
  member: TeamRow;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);

  async function remove() {
    const token = authToken();
    if (!token) {
      toast.error(m.removeFailed);
      return;
    }
    setBusy(true);
    try {
      const answer = await call('teamRemove', { body: { token, email: member.user_email } });
      toast.success(answer.message || m.removed);
      onRemoved();
    } catch (err) {
      toast.error(err instanceof NetworkError ? m.removeNetwork : m.removeFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Remove User"
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
      <p>{m.confirmRemove(member.name || member.user_email)}</p>
      <p className="muted">
        <strong>{member.user_email}</strong> loses access to the shop. To bring them back, add them again.
      </p>
    </Modal>
  );
}
