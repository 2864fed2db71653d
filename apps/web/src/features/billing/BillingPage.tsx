import { messages, roleAllows, type Payment, type Subscription } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { call, errorText } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { FeedbackDialog } from '../../components/FeedbackButton.tsx';
import { formatPrice, saleDate as formatDay } from '../../lib/format.ts';
import { PaymentHistory } from './PaymentHistory.tsx';
import { QuickActions } from './QuickActions.tsx';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import './billing.css';

const m = messages.billing;

/** The billing calls carry the session in the Bearer header (spec 001 §7): the client puts it there. */
async function fetchBilling(): Promise<{ subscription: Subscription | null; payments: Payment[] }> {
  const [subscription, payments] = await Promise.all([call('billingSubscription'), call('billingPayments')]);
  return { subscription: subscription.subscription, payments: payments.payments };
}

type Dialog = 'upgrade' | 'cancel' | 'paymentMethods' | 'feedback' | undefined;

/**
 * Subscription and billing (spec 001 §2.6, §4, §5, §7–§9): the plan and its
 * status, Upgrade and Cancel (each reloads the page on success; a failure is
 * only logged, as the spec says), Resume subscription after a cancellation,
 * the payment history, and Quick Actions.
 * Only the Owner manages billing: anyone else sees why, and no call is made.
 */
export function BillingPage() {
  useTitle(m.heading);
  const signedIn = hasAuthToken();
  const canManage = roleAllows(userRole(), 'billing');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>();
  const [openingPortal, setOpeningPortal] = useState(false);
  const [resuming, setResuming] = useState(false);
  const historyRef = useRef<HTMLElement>(null);

  const billing = useQuery({
    queryKey: ['billing'],
    queryFn: fetchBilling,
    enabled: signedIn && canManage,
    retry: false,
  });
  const subscription = billing.data?.subscription ?? null;

  async function upgrade(): Promise<boolean> {
    try {
      const answer = await call('billingUpgrade');
      // Stripe: finish on its Checkout page; otherwise the new plan is in place.
      if (answer.checkoutUrl) window.location.assign(answer.checkoutUrl);
      else window.location.reload();
      return true;
    } catch (err) {
      console.error('Upgrade failed', err);
      return false;
    }
  }

  async function cancel(): Promise<boolean> {
    try {
      // As the spec sends it: Bearer header, JSON content type, no body.
      await call('billingCancel', { headers: { 'Content-Type': 'application/json' } });
      window.location.reload();
      return true;
    } catch (err) {
      console.error('Cancel failed', err);
      return false;
    }
  }

  /** Not in the spec (a later addition): says what happened either way, in the server's words, and shows it. */
  async function resume() {
    setResuming(true);
    try {
      const answer = await call('billingResume', { headers: { 'Content-Type': 'application/json' } });
      toast.success(answer.message);
      await billing.refetch();
    } catch (err) {
      toast.error(errorText(err, messages.common.noResponse));
    } finally {
      setResuming(false);
    }
  }

  async function managePaymentMethods() {
    if (subscription?.provider !== 'stripe') return setDialog('paymentMethods');
    setOpeningPortal(true);
    try {
      const { url } = await call('billingPortal');
      window.location.assign(url);
    } catch (err) {
      toast.error(errorText(err, messages.common.noResponse));
      setOpeningPortal(false);
    }
  }

  function viewHistory() {
    historyRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    historyRef.current?.focus({ preventScroll: true });
  }

  return (
    <section className="page billing-page">
      <PageHeader title={m.heading} />
      <QueryState
        query={billing}
        notAllowed={canManage ? undefined : m.ownerOnly}
        notSignedIn={signedIn ? undefined : m.authRequired}
        loading={m.loading}
        failed={m.loadFailed}
      >
        {({ payments }) => (
          <>
            {searchParams.get('checkout') === 'success' && (
              <p className="billing-notice" role="status">
                {m.checkoutReturned}
              </p>
            )}
            <div className="billing-layout">
              <SubscriptionCard
                subscription={subscription}
                onUpgrade={() => setDialog('upgrade')}
                onCancel={() => setDialog('cancel')}
                onResume={() => void resume()}
                isResuming={resuming}
              />
              <QuickActions
                onViewHistory={viewHistory}
                onManagePayment={() => void managePaymentMethods()}
                onContactSupport={() => void navigate('/contact')}
                onReportIssue={() => setDialog('feedback')}
                isOpeningPortal={openingPortal}
              />
              <PaymentHistory ref={historyRef} payments={payments} />
            </div>
          </>
        )}
      </QueryState>

      {dialog === 'upgrade' && subscription?.upgradeTo && (
        <ConfirmModal
          title={`Upgrade to ${subscription.upgradeTo.plan}`}
          confirm="Upgrade Plan"
          busyLabel="Upgrading..."
          danger={false}
          onClose={() => setDialog(undefined)}
          onConfirm={upgrade}
        >
          <p>
            <strong>{subscription.upgradeTo.plan}</strong>: {formatPrice(subscription.upgradeTo.price)} per month. The
            new plan starts today and is paid now, less any unused part of a paid month of your current plan.
          </p>
          <ul className="billing-features">
            {subscription.upgradeTo.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </ConfirmModal>
      )}
      {dialog === 'cancel' && subscription && (
        <ConfirmModal
          title="Cancel Subscription"
          confirm="Cancel Subscription"
          busyLabel="Cancelling..."
          dismiss="Keep Subscription"
          onClose={() => setDialog(undefined)}
          onConfirm={cancel}
        >
          <p>{m.confirmCancel}</p>
          <p className="muted">
            {m.cancelEffect(formatDay(subscription.endsAt ?? subscription.nextBillingDate ?? ''))}
          </p>
        </ConfirmModal>
      )}
      {dialog === 'paymentMethods' && (
        <Modal
          open
          title="Manage Payment Methods"
          onClose={() => setDialog(undefined)}
          footer={
            <button type="button" className="btn btn-primary" onClick={() => void navigate('/contact')}>
              Contact Support
            </button>
          }
        >
          <p>{m.localPaymentMethods}</p>
        </Modal>
      )}
      <FeedbackDialog open={dialog === 'feedback'} initialType="bug" onClose={() => setDialog(undefined)} />
    </section>
  );
}
