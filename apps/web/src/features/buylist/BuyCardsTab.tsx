import { amountText, buylistMessages, formatUsd, type BuyCard } from '@cardstock/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { FormModal, useFormSubmit } from '../../components/FormModal.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { call, errorText } from '../../lib/api.ts';
import { CardFinder } from './CardFinder.tsx';
import { buyCardFields } from './buy-view.ts';

const m = buylistMessages.screen;

/** What the edit dialog opens on: a listed card, or a printing just found (no settings yet). */
type Editing = Pick<BuyCard, 'scryfall_id' | 'card_name' | 'set_code' | 'collector_number'> &
  Partial<Pick<BuyCard, 'fixed_cash' | 'fixed_credit' | 'not_buying' | 'hotlist' | 'target_stock'>>;

/**
 * The cards the shop has its own word on: hotlist, fixed offers, not buying, target stock, with what each is
 * offered now. Owners and Managers add (found in the catalog), edit and remove them; others look.
 */
export function BuyCardsTab({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [hotlist, setHotlist] = useState(false);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const [removing, setRemoving] = useState<BuyCard>();
  const cards = useQuery({
    queryKey: ['buylist', 'cards', q, hotlist, page],
    queryFn: () =>
      call('buylistCards', { body: { q, page: String(page), ...(hotlist ? { hotlist: true } : {}) } }).then(
        (a) => a.data,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const list = cards.data?.cards ?? [];
  const columns = canEdit ? 8 : 7;
  const message = cards.isPending
    ? m.cardsLoading
    : cards.isError
      ? errorText(cards.error, m.network, m.cardsFailed)
      : list.length === 0
        ? m.cardsEmpty
        : undefined;

  async function remove(card: BuyCard): Promise<boolean> {
    try {
      const answer = await call('buylistCardRemove', { body: { scryfall_id: card.scryfall_id } });
      toast.success(answer.message);
      setRemoving(undefined);
      void queryClient.invalidateQueries({ queryKey: ['buylist'] });
      return true;
    } catch (err) {
      toast.error(errorText(err, m.network, m.cardsFailed));
      return false;
    }
  }

  return (
    <div className="buy-cards">
      <form
        className="buy-cards-tools"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
          setPage(1);
        }}
      >
        <input
          type="search"
          aria-label="Filter cards by name"
          placeholder="Filter by name (Enter)"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            if (e.target.value === '') {
              setQ('');
              setPage(1);
            }
          }}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={hotlist}
            onChange={(e) => {
              setHotlist(e.target.checked);
              setPage(1);
            }}
          />{' '}
          Hotlist only
        </label>
        {canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            Add a card
          </button>
        )}
      </form>
      <div className="table-wrap">
        <table className="table buy-cards-table">
          <thead>
            <tr>
              <th scope="col">Card</th>
              <th scope="col">Settings</th>
              <th scope="col" className="numeric">
                Held
              </th>
              <th scope="col" className="numeric">
                Target
              </th>
              <th scope="col" className="numeric">
                Cash now
              </th>
              <th scope="col" className="numeric">
                Credit now
              </th>
              <th scope="col" className="numeric">
                Wanted
              </th>
              {canEdit && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {message !== undefined ? (
              <TableMessageRow columns={columns}>{message}</TableMessageRow>
            ) : (
              list.map((card) => (
                <tr key={card.scryfall_id} aria-label={card.card_name}>
                  <td>
                    <strong>{card.card_name}</strong>
                    <span className="muted buy-number">
                      {card.set_code.toUpperCase()} #{card.collector_number} · {card.rarity}
                    </span>
                  </td>
                  <td className="buy-card-flags">
                    {card.hotlist && <span className="badge badge-hot">Hotlist</span>}
                    {card.not_buying && <span className="badge badge-danger">Not buying</span>}
                    {card.fixed_cash !== null && <span className="badge">Cash fixed {formatUsd(card.fixed_cash)}</span>}
                    {card.fixed_credit !== null && (
                      <span className="badge">Credit fixed {formatUsd(card.fixed_credit)}</span>
                    )}
                  </td>
                  <td className="numeric">{card.held}</td>
                  <td className="numeric">{card.target_stock ?? <span className="muted">by rarity</span>}</td>
                  <td className="numeric">{formatUsd(card.cash)}</td>
                  <td className="numeric">{formatUsd(card.credit)}</td>
                  <td className="numeric">{card.wanted ?? '—'}</td>
                  {canEdit && (
                    <td className="buy-card-actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        aria-label={`Edit ${card.card_name}`}
                        onClick={() => setEditing(card)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn-small btn-danger"
                        aria-label={`Remove ${card.card_name}`}
                        onClick={() => setRemoving(card)}
                      >
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {(cards.data?.total_pages ?? 1) > 1 && (
        <Pagination page={page} totalPages={cards.data?.total_pages ?? 1} onChange={setPage} label="Card pages" />
      )}
      {adding && (
        <Modal open title="Add a card to the buylist" onClose={() => setAdding(false)}>
          <CardFinder
            onPick={(p) => {
              setAdding(false);
              setEditing({
                scryfall_id: p.id,
                card_name: p.name,
                set_code: p.set,
                collector_number: p.collector_number,
              });
            }}
          />
        </Modal>
      )}
      {editing && (
        <BuyCardDialog
          card={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: ['buylist'] });
          }}
        />
      )}
      {removing && (
        <ConfirmModal
          title="Remove card"
          confirm="Remove"
          busyLabel="Removing..."
          onClose={() => setRemoving(undefined)}
          onConfirm={() => remove(removing)}
        >
          <p>{m.confirmRemoveCard(removing.card_name)}</p>
        </ConfirmModal>
      )}
    </div>
  );
}

const moneyText = (v: number | null | undefined) => (v === null || v === undefined ? '' : amountText(v));

/** A card's own word: fixed offers (empty: by the rules), not buying, hotlist, target stock (empty: the rarity's). */
function BuyCardDialog({ card, onClose, onSaved }: { card: Editing; onClose: () => void; onSaved: () => void }) {
  const [cash, setCash] = useState(moneyText(card.fixed_cash));
  const [credit, setCredit] = useState(moneyText(card.fixed_credit));
  const [notBuying, setNotBuying] = useState(card.not_buying ?? false);
  const [hot, setHot] = useState(card.hotlist ?? true);
  const [target, setTarget] = useState(
    card.target_stock === null || card.target_stock === undefined ? '' : String(card.target_stock),
  );
  const fields = () => buyCardFields({ cash, credit, target });
  const sending = useFormSubmit({
    problem: () => fields().problem,
    send: () =>
      call('buylistCardSet', {
        body: { scryfall_id: card.scryfall_id, ...fields().values!, not_buying: notBuying, hotlist: hot },
      }),
    done: onSaved,
    failed: m.cardsFailed,
  });

  return (
    <FormModal
      title={`${card.card_name} (${card.set_code.toUpperCase()} #${card.collector_number})`}
      confirm={sending.busy ? 'Saving...' : 'Save'}
      form={sending}
      onClose={onClose}
    >
      <label className="checkbox">
        <input type="checkbox" checked={hot} onChange={(e) => setHot(e.target.checked)} /> On the hotlist
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={notBuying} onChange={(e) => setNotBuying(e.target.checked)} /> Not buying
      </label>
      <div className="form-grid">
        <label>
          Fixed cash offer, near mint ($)
          <input
            inputMode="decimal"
            value={cash}
            placeholder="By the rules"
            onChange={(e) => setCash(e.target.value)}
          />
        </label>
        <label>
          Fixed credit offer, near mint ($)
          <input
            inputMode="decimal"
            value={credit}
            placeholder="By the rules"
            onChange={(e) => setCredit(e.target.value)}
          />
        </label>
        <label>
          Target stock (copies)
          <input
            inputMode="numeric"
            value={target}
            placeholder="The rarity's target"
            onChange={(e) => setTarget(e.target.value)}
          />
        </label>
      </div>
    </FormModal>
  );
}
