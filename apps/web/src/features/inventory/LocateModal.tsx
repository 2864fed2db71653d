import { locationText, messages } from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { LocationField, locationsQueryKey } from '../../components/LocationField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call } from '../../lib/api.ts';

const m = messages.inventory;

/**
 * Set location (issue 41): every row the live search finds (all rows without one) put at one storage location, or
 * none, in one call; as Reprice does for prices.
 */
export function LocateModal({
  filter,
  rows,
  onClose,
  onDone,
}: {
  filter: string;
  /** How many rows the search finds, as the list says. */
  rows: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [location, setLocation] = useState('');
  const [busy, setBusy] = useState(false);
  const place = locationText(location);

  async function apply() {
    setBusy(true);
    try {
      const answer = await call('inventoryLocate', { body: { filter, location: place } });
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: locationsQueryKey });
      onDone();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.locateFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={m.locateTitle}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void apply()}
          confirm={m.locateApply(place)}
          disabled={busy || rows === 0}
        />
      }
    >
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && rows > 0) void apply();
        }}
      >
        <p>{m.locateScope(rows, filter)}</p>
        <LocationField value={location} onChange={setLocation} autoFocus />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
