import { PRODUCT_NAME, limits } from '@cardstock/contract';
import { Link } from 'react-router';
import { useTitle } from '../../lib/use-title.ts';

/** Spec 001 §2.10 and §9: the date the current terms took effect, shown as the spec writes it. */
const EFFECTIVE_DATE = '9/10/2025';
const CHANGE_NOTICE_DAYS = 30;

export function TermsPage() {
  useTitle('Terms of Service');
  return (
    <article className="page legal">
      <header className="page-header">
        <h1>Terms of Service</h1>
        <p className="legal-meta">Effective date: {EFFECTIVE_DATE}</p>
        <p className="lead">
          These terms govern your use of {PRODUCT_NAME}, the inventory, ordering and storefront platform for trading
          card shops. By creating an account or using the service you agree to them.
        </p>
      </header>

      <div className="card prose">
        <h2>1. Accounts and eligibility</h2>
        <ul>
          <li>
            Shop accounts are registered by authorised business representatives, who confirm they may accept these terms
            on behalf of their business.
          </li>
          <li>You must be {limits.minimumAge} years of age or older to create or use an account.</li>
          <li>Registration is by invitation; invite codes are personal and may not be shared or resold.</li>
          <li>
            You are responsible for keeping your login credentials secure and for all activity under your account,
            including the activity of team members and devices you authorise.
          </li>
        </ul>

        <h2>2. Orders and transactions</h2>
        <ul>
          <li>Shop managers may approve, decline or edit orders placed with their shop.</li>
          <li>
            {PRODUCT_NAME} provides the software only. {PRODUCT_NAME} is not a party to any transaction between a shop
            and its customers; each shop is responsible for its prices, stock, fulfilment, taxes and customer service.
          </li>
        </ul>

        <h2>3. Subscription, payments and refunds</h2>
        <ul>
          <li>
            Refunds for subscription payments are available within {limits.refundWindowDays} days of the first payment
            or of a renewal payment. After that period, fees are non-refundable.
          </li>
          <li>
            You may cancel at any time. If you cancel in the middle of a billing period, your access continues until the
            end of that billing period.
          </li>
        </ul>

        <h2>4. Changes to the service</h2>
        <p>
          We improve {PRODUCT_NAME} continually. Where feasible, we give at least {CHANGE_NOTICE_DAYS} days&apos; notice
          of material changes to the service or to these terms.
        </p>

        <h2>5. Acceptable use</h2>
        <p>
          Do not misuse the service: no attempts to break its security, no interference with other shops, and no
          unlawful listings. We may suspend accounts that do so.
        </p>

        <h2>6. Contact</h2>
        <p>
          Questions about these terms? <Link to="/contact">Contact us</Link>.
        </p>
      </div>
    </article>
  );
}
