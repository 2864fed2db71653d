import {
  amountText,
  finishNames,
  languageNames,
  locationText,
  messages,
  roleAllows,
  type StaffInventoryRow,
} from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { LocationField, locationsQueryKey } from '../../components/LocationField.tsx';
import { Modal } from '../../components/Modal.tsx';
import { call } from '../../lib/api.ts';
import { userRole } from '../../lib/session.ts';
import { PriceTrend } from '../../components/PriceTrend.tsx';
import { askingPriceOf, askingPriceText } from './price.ts';
import { PriceWithSource } from './PriceWithSource.tsx';

const m = messages.inventory;

/**
 * Edit Inventory: the quantity (0 keeps the row, out of stock), the row's own asking price (empty: the pricing
 * rule prices it) and where its copies are kept; quality is shown, not changed.
 */
export function EditInventoryModal({
  row,
  onClose,
  onSaved,
}: {
  row: StaffInventoryRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [quantity, setQuantity] = useState(String(row.inv_quantity));
  const [price, setPrice] = useState(askingPriceText(row.inv_asking_price));
  const [location, setLocation] = useState(row.inv_location);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const place = locationText(location);
  // Setting a price is the Owner's and Managers' (DESIGN §5): an Employee sees it, read-only, and fixes quantities.
  const canPrice = roleAllows(userRole(), 'inventory:reprice');
  const asking = canPrice ? askingPriceOf(price) : row.inv_asking_price;

  async function save() {
    if (asking === undefined) return;
    setBusy(true);
    try {
      const answer = await call('inventoryEdit', {
        body: {
          scryfall_id: row.card_scryfallid,
          quality: row.inv_quality,
          finish: row.inv_finish,
          language: row.inv_language,
          signed: row.inv_signed,
          altered: row.inv_altered,
          quantity: Math.max(0, Math.floor(Number(quantity)) || 0),
          // Sent only when changed: an untouched field leaves the price as it is.
          ...(asking === row.inv_asking_price ? {} : { asking_price: asking }),
          // Likewise the location: "" clears it.
          ...(place === row.inv_location ? {} : { location: place }),
        },
      });
      if (place !== row.inv_location) void queryClient.invalidateQueries({ queryKey: locationsQueryKey });
      toast.success(answer.message || m.updated);
      onSaved();
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.updateFailed);
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Edit Inventory"
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void save()}
          confirm="Save"
          disabled={busy || asking === undefined}
        />
      }
    >
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <p>
          <strong>{row.card_name}</strong>{' '}
          <span className="muted">
            {row.card_set_name} ({row.card_setCode}) · {finishNames[row.inv_finish]} · {languageNames[row.inv_language]}
          </span>
        </p>
        <p className="muted" data-testid="inventory-cost">
          {messages.buylist.screen.costPerCopy(row.inv_cost)}
        </p>
        {/* The flags name the row being edited, as its finish and language do: shown, not changed here. */}
        <div className="checkbox-row" title={m.flagsNameTheRow}>
          <label className="checkbox">
            <input type="checkbox" checked={row.inv_signed} disabled readOnly /> Signed
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={row.inv_altered} disabled readOnly /> Altered
          </label>
        </div>
        <label>
          Quantity
          <input type="number" min={0} autoFocus value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </label>
        <label>
          {m.askingPrice}
          <input
            type="text"
            inputMode="decimal"
            placeholder={row.price === null || row.inv_asking_price !== null ? '' : amountText(row.price)}
            aria-invalid={asking === undefined}
            aria-describedby="asking-price-hint"
            readOnly={!canPrice}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <p id="asking-price-hint" className={asking === undefined ? 'text-error' : 'muted'}>
          {asking === undefined ? m.askingPriceInvalid : canPrice ? m.askingPriceHint : m.askingPriceOwnerOnly}{' '}
          {asking !== undefined && (
            <>
              Now: <PriceWithSource price={row.price} asking={row.inv_asking_price} />
            </>
          )}
        </p>
        <LocationField value={location} onChange={setLocation} />
        <div>
          <span className="muted">{messages.priceTrend.title}</span>
          <PriceTrend id={row.card_scryfallid} finish={row.inv_finish} />
        </div>
        <label>
          Quality
          <input value={row.inv_quality} readOnly />
        </label>
        {/* Enter in a field saves, as the Save button does. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
