import { buylistMessages, roleAllows, timings, type BuyOrder } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { orderSetChanged } from '../../lib/order-set.ts';
import '../../components/order-review.css';
import { BuyCardsTab } from './BuyCardsTab.tsx';
import { BuyOrderReview } from './BuyOrderReview.tsx';
import { BuyOrderTable } from './BuyOrderTable.tsx';
import { BuyRulesTab } from './BuyRulesTab.tsx';
import { SellList, type Submitted } from './SellList.tsx';
import './buylist.css';

const m = buylistMessages.screen;

type Tab = 'pending' | 'new' | 'history' | 'rules' | 'cards';

/**
 * The Buylist screen (issue 25): sell lists waiting for the counter (polled like Order Management), each graded and
 * accepted for cash or store credit, or rejected; a new sell list taken at the PC; the decided ones; the buy rules;
 * and the cards the shop has its own word on. What a role may not do is not offered (the server refuses it too).
 */
export function BuylistPage() {
  useTitle(m.title);
  const role = userRole();
  const canSell = roleAllows(role, 'buylist:sell');
  const canTake = roleAllows(role, 'buylist:take');
  const canRule = roleAllows(role, 'buylist:rules');
  const [tab, setTab] = useState<Tab>('pending');
  const tabs: { value: Tab; label: string }[] = [
    { value: 'pending', label: 'Pending' },
    ...(canSell ? [{ value: 'new' as const, label: 'New buy' }] : []),
    { value: 'history', label: 'History' },
    { value: 'rules', label: 'Rules' },
    { value: 'cards', label: 'Cards' },
  ];

  return (
    <section className="page orders-page buylist-page">
      <PageHeader title={m.title} />
      <Tabs label="Buylist sections" tabs={tabs} value={tab} onChange={setTab}>
        {tab === 'pending' && <PendingBuys canTake={canTake} />}
        {tab === 'new' && <NewBuy onDone={() => setTab('pending')} />}
        {tab === 'history' && <BuyHistory />}
        {tab === 'rules' && <BuyRulesTab canEdit={canRule} />}
        {tab === 'cards' && <BuyCardsTab canEdit={canRule} />}
      </Tabs>
    </section>
  );
}

/** Pending buy orders, oldest first, polled; a toast says when the set changed since the last look. */
function PendingBuys({ canTake }: { canTake: boolean }) {
  const queryClient = useQueryClient();
  const signedIn = hasAuthToken();
  const [reviewing, setReviewing] = useState<string>();
  const known = useRef<readonly string[]>(undefined);
  const pending = useQuery({
    queryKey: ['buylist', 'pending'],
    queryFn: () => call('buylistPending').then((a) => a.data.buy_orders),
    enabled: signedIn,
    refetchInterval: timings.pendingOrdersPollMs,
    retry: false,
  });
  const orders = pending.data ?? [];
  const selected = orders.find((o) => o.buy_number === reviewing);

  useEffect(() => {
    if (!pending.data) return;
    const numbers = pending.data.map((o) => o.buy_number);
    if (orderSetChanged(known.current, numbers)) toast.info(m.pendingUpdated);
    known.current = numbers;
  }, [pending.data]);

  /** A grading's answer replaces the order in the list at once; the next poll agrees. */
  function changed(order: BuyOrder) {
    queryClient.setQueryData<BuyOrder[]>(['buylist', 'pending'], (now) =>
      now?.map((o) => (o.buy_number === order.buy_number ? order : o)),
    );
  }

  function decided(buyNumber: string, closed: boolean) {
    if (closed) {
      known.current = known.current?.filter((n) => n !== buyNumber);
      setReviewing(undefined);
    }
    void queryClient.invalidateQueries({ queryKey: ['buylist'] });
  }

  const message =
    pending.isPending && signedIn
      ? m.pendingLoading
      : pending.isError && !pending.data
        ? m.pendingFailed
        : orders.length === 0
          ? m.pendingEmpty
          : undefined;
  return (
    <>
      {!canTake && <p className="muted">{m.viewOnly}</p>}
      <BuyOrderTable orders={orders} message={message} onReview={setReviewing} />
      {selected && (
        <BuyOrderReview
          key={selected.buy_number}
          order={selected}
          canTake={canTake}
          onClose={() => setReviewing(undefined)}
          onChanged={changed}
          onDecided={decided}
        />
      )}
    </>
  );
}

/** Accepted and rejected buy orders, newest first; each opens read-only. */
function BuyHistory() {
  const [reviewing, setReviewing] = useState<string>();
  const history = useQuery({
    queryKey: ['buylist', 'history'],
    queryFn: () => call('buylistHistory').then((a) => a.data.buy_orders),
    enabled: hasAuthToken(),
    retry: false,
  });
  const orders = history.data ?? [];
  const selected = orders.find((o) => o.buy_number === reviewing);
  const message = history.isPending
    ? m.historyLoading
    : history.isError
      ? m.historyFailed
      : orders.length === 0
        ? m.historyEmpty
        : undefined;
  return (
    <>
      <BuyOrderTable orders={orders} message={message} history onReview={setReviewing} />
      {selected && (
        <BuyOrderReview
          order={selected}
          canTake={false}
          onClose={() => setReviewing(undefined)}
          onChanged={() => undefined}
          onDecided={() => undefined}
        />
      )}
    </>
  );
}

/** A sell list taken at the PC: the same list as the kiosk's, sent with the staff session. */
function NewBuy({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<Submitted>();
  if (submitted)
    return (
      <div className="card buy-submitted" role="status">
        <p className="order-callout-label">Callout</p>
        <p className="buy-submitted-callout">{submitted.callout}</p>
        <p>{m.submitted(submitted.callout)}</p>
        <p className="muted mono">{submitted.buy_number}</p>
        <div className="buy-submitted-actions">
          <button type="button" className="btn" onClick={() => setSubmitted(undefined)}>
            New sell list
          </button>
          <button type="button" className="btn btn-primary" onClick={onDone}>
            Review it in Pending
          </button>
        </div>
      </div>
    );
  return (
    <SellList
      onSubmitted={(answer) => {
        setSubmitted(answer);
        void queryClient.invalidateQueries({ queryKey: ['buylist', 'pending'] });
      }}
    />
  );
}
