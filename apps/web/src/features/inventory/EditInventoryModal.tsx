import { messages, type InventoryRow } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call } from '../../lib/api.ts';
import { finishName } from './finish-label.ts';

const m = messages.inventory;

/** Edit Inventory: the quantity (0 keeps the row, out of stock); quality is shown, not changed. */
export function EditInventoryModal({
  row,
  onClose,
  onSaved,
}: {
  row: InventoryRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [quantity, setQuantity] = useState(String(row.inv_quantity));
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const answer = await call('inventoryEdit', {
        body: {
          scryfall_id: row.card_scryfallid,
          quality: row.inv_quality,
          finish: row.inv_finish,
          quantity: Math.max(0, Math.floor(Number(quantity)) || 0),
        },
      });
      toast.success(answer.message || m.updated);
      onSaved();
    } catch {
      toast.error(m.updateFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Edit Inventory"
      onClose={onClose}
      footer={<DialogActions onCancel={onClose} onConfirm={() => void save()} confirm="Save" disabled={busy} />}
    >
      <div className="form">
        <p>
          <strong>{row.card_name}</strong>{' '}
          <span className="muted">
            {row.card_set_name} ({row.card_setCode}) · {finishName[row.inv_finish]}
          </span>
        </p>
        <label>
          Quantity
          <input type="number" min={0} autoFocus value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </label>
        <label>
          Quality
          <input value={row.inv_quality} readOnly />
        </label>
      </div>
    </Modal>
  );
}
