import { messages } from '@cardstock/contract';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { call, NetworkError } from '../../lib/api.ts';
import { hasAuthToken } from '../../lib/session.ts';
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
  async function remove(): Promise<boolean> {
    if (!hasAuthToken()) {
      toast.error(m.removeFailed);
      return false;
    }
    try {
      const answer = await call('teamRemove', { body: { email: member.user_email } });
      toast.success(answer.message || m.removed);
      onRemoved();
      return true;
    } catch (err) {
      toast.error(err instanceof NetworkError ? m.removeNetwork : m.removeFailed);
      return false;
    }
  }

  return (
    <ConfirmModal title="Remove User" confirm="Remove" busyLabel="Removing..." onClose={onClose} onConfirm={remove}>
      <p>{m.confirmRemove(member.name || member.user_email)}</p>
      <p className="muted">
        <strong>{member.user_email}</strong> loses access to the shop. To bring them back, add them again.
      </p>
    </ConfirmModal>
  );
}
