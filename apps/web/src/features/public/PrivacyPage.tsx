import { PRODUCT_NAME } from '@cardstock/contract';
import { Link } from 'react-router';
import { useTitle } from '../../lib/use-title.ts';

/** The data spec 001 §2.10 says is collected, grouped for reading. */
const collected: { group: string; items: string[] }[] = [
  { group: 'Account', items: ['E-mail address', 'Login credentials', 'First and last name (optional)'] },
  { group: 'Shop', items: ['Shop name', 'Contact details, such as a phone number', 'Shop address'] },
  { group: 'Team and devices', items: ['Team member roles', 'Device identifiers of authorised tablets'] },
  { group: 'Access codes', items: ['Invite codes', 'Verification codes'] },
  { group: 'Shop activity', items: ['Card listings', 'Quantities', 'Pricing', 'Orders and transactions'] },
];

export function PrivacyPage() {
  useTitle('Privacy Policy');
  return (
    <article className="page legal">
      <header className="page-header">
        <h1>Privacy Policy</h1>
        <p className="lead">
          This policy explains what information {PRODUCT_NAME} collects when you use the platform, and how it is used.
        </p>
      </header>

      <div className="card prose">
        <h2>1. Data we collect</h2>
        <p>We collect only what we need to run your shop&apos;s account:</p>
        <dl className="data-list">
          {collected.map((c) => (
            <div key={c.group}>
              <dt>{c.group}</dt>
              <dd>
                <ul>
                  {c.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>

        <h2>2. How we use it</h2>
        <p>
          We use this data to provide the service: to sign you in, run your inventory, orders, devices and storefront,
          manage your subscription, and answer your messages. We do not sell your personal data.
        </p>

        <h2>3. Children</h2>
        <p>
          {PRODUCT_NAME} is a service for businesses. We do not collect data from anyone under 13 years of age, or under
          16 where local law requires.
        </p>

        <h2>4. Your choices</h2>
        <p>
          You can update your shop details at any time. To ask about, correct or delete your data,{' '}
          <Link to="/contact">contact us</Link>.
        </p>
      </div>
    </article>
  );
}
