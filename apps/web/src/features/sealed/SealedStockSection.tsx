import { formatUsd, messages, type SealedItem } from '@cardstock/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { DialogActions } from '../../components/DialogActions.tsx';
import { FormMessage } from '../../components/FormMessage.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { call, errorText } from '../../lib/api.ts';
import { SealedProductModal } from './SealedProductModal.tsx';
import { RowActions } from '../../components/RowActions.tsx';

const m = messages.sealed;

type Dialog = { kind: 'add' } | { kind: 'edit'; item: SealedItem } | { kind: 'remove'; item: SealedItem } | undefined;

/**
 * Sealed Stock on the Inventory Management page: the shop's own products
 * (boxes, bundles, decks) with their price and quantity, below the singles.
 * `canPrice` (Owner, Manager) hides Add from an Employee, as a new product needs a price, and makes the price
 * read-only in Edit: an Employee fixes quantities and names, not prices (DESIGN §5).
 * `canEdit` hides Add, Edit and Delete from roles that may only look; the
 * server refuses them anyway.
 */
export function SealedStockSection({ canEdit, canPrice }: { canEdit: boolean; canPrice: boolean }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>();
  const wanted = filter.trim();

  const list = useQuery({
    queryKey: ['sealed', page, wanted],
    queryFn: () => call('sealedList', { body: { page: String(page), filter: wanted } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const items = list.data?.sealed ?? [];
  const totalPages = list.data?.total_pages ?? 1;
  // Removing the last product of the last page leaves the page past the end: step back, as React advises, in render.
  if (list.data && !list.isPlaceholderData && page > totalPages) setPage(totalPages);

  const changed = () => {
    setDialog(undefined);
    void queryClient.invalidateQueries({ queryKey: ['sealed'] });
  };

  return (
    <section className="section sealed-stock" aria-labelledby="sealed-stock-title">
      <div className="section-head">
        <h2 id="sealed-stock-title">{m.title}</h2>
      </div>
      <div className="toolbar">
        <input
          type="search"
          className="toolbar-search"
          placeholder={m.filterPlaceholder}
          aria-label={m.filterPlaceholder}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
        />
        {canEdit && canPrice && (
          <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
            {m.addButton}
          </button>
        )}
        {canEdit && (
          <Link
            to={`/inventory-management/labels?sealed=1${wanted ? `&filter=${encodeURIComponent(wanted)}` : ''}`}
            className="btn"
            title={wanted ? `Labels for the sealed products “${wanted}” finds` : 'Labels for every sealed product'}
          >
            {messages.inventory.labelsSealedButton}
          </Link>
        )}
      </div>
      {list.isError && <p className="text-error">{list.error.message}</p>}
      {list.isPending ? (
        <p className="muted">{m.loading}</p>
      ) : items.length === 0 ? (
        // A line rather than an empty table row: the singles table above stays the page's only table rows.
        <p className="muted">{wanted ? m.noMatch(wanted) : m.empty}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Category</th>
                <th>Set</th>
                <th>Price</th>
                <th>Quantity</th>
                <th>{messages.inventory.location}</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className={item.quantity === 0 ? 'out-of-stock' : undefined}>
                  <td>{item.name}</td>
                  <td>{item.category}</td>
                  <td>{item.set_code?.toUpperCase() ?? <span className="muted">—</span>}</td>
                  <td>{formatUsd(item.price)}</td>
                  <td>{item.quantity === 0 ? m.outOfStock : item.quantity}</td>
                  <td>{item.location}</td>
                  <td>
                    {canEdit && (
                      <RowActions
                        onEdit={() => setDialog({ kind: 'edit', item })}
                        onDelete={() => setDialog({ kind: 'remove', item })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onChange={setPage} label={m.pagesLabel} />}

      {dialog?.kind === 'add' && <SealedProductModal onClose={() => setDialog(undefined)} onSaved={changed} />}
      {dialog?.kind === 'edit' && (
        <SealedProductModal
          item={dialog.item}
          canPrice={canPrice}
          onClose={() => setDialog(undefined)}
          onSaved={changed}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveSealedModal item={dialog.item} onClose={() => setDialog(undefined)} onRemoved={changed} />
      )}
    </section>
  );
}

/** Asks before a product leaves the shop: deleting cannot be undone. */
function RemoveSealedModal({
  item,
  onClose,
  onRemoved,
}: {
  item: SealedItem;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function remove() {
    setBusy(true);
    try {
      const answer = await call('sealedDelete', { body: { id: item.id } });
      toast.success(answer.message);
      onRemoved();
    } catch (err) {
      setError(errorText(err, messages.common.noResponse, m.removeFailed));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={m.removeTitle}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          onConfirm={() => void remove()}
          confirm={busy ? m.removing : m.remove}
          disabled={busy}
          danger
        />
      }
    >
      <FormMessage text={error} />
      <p>{m.confirmRemove(item.name)}</p>
    </Modal>
  );
}
