import { PRODUCT_NAME, messages } from '@cardstock/contract';
import { Link } from 'react-router';
import { Icon, IconBadge, type IconName } from '../../components/Icon.tsx';
import { CtaBand } from './CtaBand.tsx';
import { InviteNotice } from './InviteNotice.tsx';
import { useTitle } from '../../lib/use-title.ts';

const features: { title: string; icon: IconName; text: string }[] = [
  {
    title: 'Store Statistics',
    icon: 'chart',
    text: 'Follow total orders, cards sold and revenue over time, all on one clear dashboard.',
  },
  {
    title: 'Inventory Management',
    icon: 'boxes',
    text: 'Add singles and sealed stock in seconds with live card search, finishes and condition grades.',
  },
  {
    title: 'Sales Insights',
    icon: 'trend',
    text: 'See your top-selling and latest sold cards so you can price and restock with confidence.',
  },
  {
    title: 'Order Management',
    icon: 'clipboard',
    text: 'Review orders placed on your in-store tablets and accept or reject each one with a click.',
  },
  {
    title: 'Staff Roles',
    icon: 'users',
    text: 'Add managers, employees and watchers, each with only the access their job needs.',
  },
  {
    title: 'Bulk Upload',
    icon: 'upload',
    text: 'Bring your whole catalogue over with one CSV file, and export it again whenever you like.',
  },
];

/** Static examples only: the home page never shows a real shop's data. */
const sampleOrders = [
  { number: '20261121-1-3-17', time: '11/21/2026, 2:14 PM', items: 4 },
  { number: '20261121-1-2-16', time: '11/21/2026, 1:52 PM', items: 1 },
  { number: '20261121-2-1-15', time: '11/21/2026, 12:07 PM', items: 12 },
  { number: '20261120-1-4-14', time: '11/20/2026, 6:41 PM', items: 3 },
];

const sampleDevices = [
  {
    name: 'Front Counter Tablet',
    serial: 'CS-7F3A-91C2',
    ip: '192.168.1.24',
    registered: '10/02/2026',
    lastLogin: '11/21/2026, 2:10 PM',
    active: true,
  },
  {
    name: 'Play Area Kiosk',
    serial: 'CS-2B8D-44E0',
    ip: '192.168.1.31',
    registered: '10/15/2026',
    lastLogin: '11/21/2026, 11:48 AM',
    active: true,
  },
  {
    name: 'Spare Tablet',
    serial: 'CS-C01E-7A55',
    ip: '192.168.1.40',
    registered: '11/03/2026',
    lastLogin: messages.devices.never,
    active: false,
  },
];

export function HomePage() {
  useTitle();
  return (
    <div className="page home">
      <section className="hero home-hero" aria-labelledby="home-title">
        <div className="home-hero-text">
          <span className="eyebrow">For Magic: The Gathering card shops</span>
          <h1 id="home-title">
            Run your card shop from <span className="accent-text">one dashboard</span>
          </h1>
          <p className="lead">
            {PRODUCT_NAME} keeps your singles and sealed stock, in-store orders, staff and public storefront in one
            place, so you spend less time on spreadsheets and more time at the table.
          </p>
          <div className="actions">
            <Link to="/register" className="btn btn-primary btn-lg">
              Get Started
            </Link>
            <Link to="/features" className="btn btn-lg">
              Explore features
            </Link>
          </div>
          <ul className="hero-points">
            <li>
              <Icon name="check" size={18} /> 99.9% uptime
            </li>
            <li>
              <Icon name="check" size={18} /> CSV import and export
            </li>
            <li>
              <Icon name="check" size={18} /> Your own storefront subdomain
            </li>
          </ul>
        </div>
        <HeroPreview />
      </section>

      <section className="section" aria-labelledby="home-features">
        <div className="section-head">
          <h2 id="home-features">Everything your shop runs on</h2>
          <p className="muted">Six tools that work together from the moment you sign in.</p>
        </div>
        <div className="grid feature-grid">
          {features.map((f) => (
            <article key={f.title} className="card feature-card">
              <IconBadge name={f.icon} />
              <h3>{f.title}</h3>
              <p className="muted">{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="home-preview">
        <div className="section-head">
          <h2 id="home-preview">See it in action</h2>
          <p className="muted">
            A glimpse of the screens you will use every day. <span className="badge">Sample data</span>
          </p>
        </div>
        <div className="sample-grid">
          <div className="table-wrap">
            <table className="table">
              <caption>Sample order history</caption>
              <thead>
                <tr>
                  <th scope="col">Order Number</th>
                  <th scope="col">Status</th>
                  <th scope="col">Order Time</th>
                  <th scope="col">Total Items</th>
                </tr>
              </thead>
              <tbody>
                {sampleOrders.map((o) => (
                  <tr key={o.number}>
                    <td className="mono">{o.number}</td>
                    <td>
                      <span className="badge badge-success">Confirmed</span>
                    </td>
                    <td>{o.time}</td>
                    <td>{o.items}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="table-wrap">
            <table className="table">
              <caption>Sample devices</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Serial Number</th>
                  <th scope="col">IP Address</th>
                  <th scope="col">Registered On</th>
                  <th scope="col">Last Login</th>
                  <th scope="col">Active</th>
                </tr>
              </thead>
              <tbody>
                {sampleDevices.map((d) => (
                  <tr key={d.serial}>
                    <td>{d.name}</td>
                    <td className="mono">{d.serial}</td>
                    <td className="mono">{d.ip}</td>
                    <td>{d.registered}</td>
                    <td>{d.lastLogin}</td>
                    <td>
                      <span className={d.active ? 'badge badge-success' : 'badge badge-danger'}>
                        {d.active ? 'Yes' : 'No'}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>

      <CtaBand id="home-reliable" title="Built to be there on game night" action={<InviteNotice />}>
        {PRODUCT_NAME} runs with 99.9% uptime, so your counter keeps taking orders when the store is at its busiest.
      </CtaBand>
    </div>
  );
}

/** A decorative miniature of the dashboard; screen readers skip it. */
function HeroPreview() {
  return (
    <div className="hero-preview card" aria-hidden="true">
      <div className="hero-preview-bar">
        <span />
        <span />
        <span />
        <em>Example dashboard</em>
      </div>
      <div className="hero-preview-stats">
        <div>
          <small>Orders today</small>
          <strong>42</strong>
        </div>
        <div>
          <small>Cards sold</small>
          <strong>318</strong>
        </div>
        <div>
          <small>Pending</small>
          <strong className="accent-text">3</strong>
        </div>
      </div>
      <svg className="hero-preview-chart" viewBox="0 0 300 90" preserveAspectRatio="none">
        <defs>
          <linearGradient id="hero-fill" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="#f59e0b" stopOpacity="0.45" />
            <stop offset="100%" stopColor="#f59e0b" stopOpacity="0" />
          </linearGradient>
        </defs>
        <path
          d="M0 70 L30 62 L60 66 L90 48 L120 52 L150 38 L180 42 L210 26 L240 30 L270 14 L300 18 L300 90 L0 90 Z"
          fill="url(#hero-fill)"
        />
        <path
          d="M0 70 L30 62 L60 66 L90 48 L120 52 L150 38 L180 42 L210 26 L240 30 L270 14 L300 18"
          fill="none"
          stroke="#f59e0b"
          strokeWidth="2.5"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <ul className="hero-preview-list">
        <li>
          <span>Sheoldred, the Apocalypse</span>
          <span className="badge badge-success">Confirmed</span>
        </li>
        <li>
          <span>The One Ring</span>
          <span className="badge badge-warning">Pending</span>
        </li>
        <li>
          <span>Ragavan, Nimble Pilferer</span>
          <span className="badge badge-success">Confirmed</span>
        </li>
      </ul>
    </div>
  );
}
