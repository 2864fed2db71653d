import { messages, type Subscription } from '@cardstock/contract';
import { Icon } from '../../components/Icon.tsx';
import { formatPrice, saleDate as formatDay } from '../../lib/format.ts';
import { statusBadge } from './billing-view.ts';

const m = messages.billing;

interface SubscriptionCardProps {
  subscription: Subscription | null;
  onUpgrade: () => void;
  onCancel: () => void;
  /** Undoes a cancellation; shown while the period it runs to has not ended. */
  onResume: () => void;
  isResuming: boolean;
}

/** The price per billing cycle: `$29.00 per month`. */
const pricePerCycle = (s: Subscription) =>
  `${formatPrice(s.price)} per ${s.billingCycle === 'monthly' ? 'month' : s.billingCycle}`;

/** What the status means for the shop, in a sentence: the trial's end, a cancellation's end, or an ended subscription. */
function statusNotice(s: Subscription): { text: string; ended: boolean } | undefined {
  if (!s.storefrontOnline) return { text: m.ended, ended: true };
  if (s.cancelAtPeriodEnd && s.endsAt) return { text: m.cancelling(formatDay(s.endsAt)), ended: false };
  if (s.trialEndsAt) {
    const day = formatDay(s.trialEndsAt);
    return { text: s.nextBillingDate ? m.trialRenews(day) : m.trialEnds(day), ended: false };
  }
  return undefined;
}

/**
 * Subscription Details (spec 001 §2.6): plan, price, status, next billing date, features, Upgrade and Cancel, and
 * Resume subscription while a cancelled one has not ended.
 */
export function SubscriptionCard({ subscription, onUpgrade, onCancel, onResume, isResuming }: SubscriptionCardProps) {
  if (!subscription) {
    return (
      <section className="card billing-card" aria-labelledby="billing-subscription-title">
        <h2 id="billing-subscription-title">Subscription Details</h2>
        <p className="muted">{m.noSubscription}</p>
      </section>
    );
  }
  const badge = statusBadge(subscription.status);
  const notice = statusNotice(subscription);
  return (
    <section className="card billing-card" aria-labelledby="billing-subscription-title">
      <h2 id="billing-subscription-title">Subscription Details</h2>
      <dl className="fact-tiles billing-facts">
        <div>
          <dt>Plan</dt>
          <dd className="billing-plan">{subscription.plan}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{pricePerCycle(subscription)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={badge.className}>{badge.text}</span>
          </dd>
        </div>
        <div>
          <dt>Next Billing Date</dt>
          <dd>{subscription.nextBillingDate ? formatDay(subscription.nextBillingDate) : '—'}</dd>
        </div>
        <div>
          <dt>Public Storefront</dt>
          <dd>
            <span className={subscription.storefrontOnline ? 'badge badge-success' : 'badge badge-danger'}>
              {subscription.storefrontOnline ? 'Online' : 'Offline'}
            </span>
          </dd>
        </div>
      </dl>
      {notice && (
        <p className={notice.ended ? 'billing-notice billing-notice-ended' : 'billing-notice'} role="status">
          {notice.text}
        </p>
      )}
      <h3 className="billing-subheading">Features</h3>
      <ul className="billing-features" aria-label="Features">
        {subscription.features.map((feature) => (
          <li key={feature}>
            <span className="billing-check" aria-hidden="true">
              <Icon name="check" size={16} />
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <div className="actions">
        {subscription.upgradeTo && (
          <button type="button" className="btn btn-primary" onClick={onUpgrade}>
            Upgrade Plan
          </button>
        )}
        {subscription.canResume && (
          <button type="button" className="btn btn-primary" onClick={onResume} disabled={isResuming}>
            {isResuming ? 'Resuming...' : 'Resume subscription'}
          </button>
        )}
        {subscription.canCancel && (
          <button type="button" className="btn btn-danger-outline" onClick={onCancel}>
            Cancel Subscription
          </button>
        )}
      </div>
    </section>
  );
}
