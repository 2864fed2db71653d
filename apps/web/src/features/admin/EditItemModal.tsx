import { amountText, messages, type AdminInventoryItem } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import { errorText } from '../../lib/api.ts';
import { adminCall } from './admin-api.ts';

/** Edit an item of any shop: its quantity, and its asking price (empty: the shop's pricing rule). */
export function EditItemModal({
  item,
  onClose,
  onSaved,
}: {
  item: AdminInventoryItem;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [quantity, setQuantity] = useState(String(item.inv_quantity));
  const [price, setPrice] = useState(item.asking_price === null ? '' : amountText(item.asking_price));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const qty = Number(quantity);
    const asking = price.trim() === '' ? null : Number(price);
    if (!Number.isInteger(qty) || qty < 0) return setError('Quantity must be a whole number from 0.');
    if (asking !== null && (!Number.isFinite(asking) || asking < 0)) return setError('Price must be a number from 0.');
    setBusy(true);
    setError(undefined);
    try {
      const answer = await adminCall('adminInventoryEdit', {
        params: { id: item.id },
        body: { quantity: qty, asking_price: asking },
      });
      toast.success(answer.message);
      onSaved();
    } catch (err) {
      setError(errorText(err, messages.admin.saveFailed));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Edit Item"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void save()}
          confirm={busy ? 'Saving...' : 'Save'}
          disabled={busy}
        />
      }
    >
      <div className="form">
        <p>
          <strong>{item.card_name}</strong> ({item.card_setCode}) · {item.description} · {item.store_name}
        </p>
        <FormMessage text={error} />
        <label>
          Quantity
          <input type="number" min={0} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </label>
        <label>
          Asking price ($)
          <input
            type="number"
            min={0}
            step="0.01"
            placeholder="Empty: the shop’s pricing rule"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
      </div>
    </Modal>
  );
}
