import { PRODUCT_NAME } from '@cardstock/contract';
import { Link } from 'react-router';
import { IconBadge, type IconName } from '../../components/Icon.tsx';
import { CtaBand } from './CtaBand.tsx';
import { useTitle } from '../../lib/use-title.ts';

const values: { title: string; icon: IconName; text: string }[] = [
  {
    title: 'Innovation',
    icon: 'spark',
    text: 'We keep improving the tools shops use every day, guided by what owners and staff ask for.',
  },
  {
    title: 'Reliability',
    icon: 'shield',
    text: 'Your counter cannot wait, so the platform is built to stay up and keep your data safe.',
  },
  {
    title: 'Community',
    icon: 'heart',
    text: 'Local game stores are where players meet. We build for the people who keep those tables full.',
  },
  {
    title: 'Simplicity',
    icon: 'feather',
    text: 'Every screen should make sense on a busy Friday night, without a manual or a training day.',
  },
];

const team: { name: string; text: string }[] = [
  {
    name: 'Product & Engineering',
    text: 'Developers who also play, building the inventory, ordering and storefront tools.',
  },
  {
    name: 'Shop Success',
    text: 'The people who set up new shops, help import existing stock and answer questions.',
  },
  {
    name: 'Support',
    text: 'A small team that reads every message and feedback note, and turns them into fixes.',
  },
];

export function AboutPage() {
  useTitle('About');
  return (
    <div className="page">
      <header className="page-header">
        <span className="eyebrow">About us</span>
        <h1>About {PRODUCT_NAME}</h1>
        <p className="lead">
          We build the back office for trading card shops: inventory, orders, staff and a public storefront, in one
          place.
        </p>
      </header>

      <div className="split">
        <section className="card" aria-labelledby="about-mission">
          <IconBadge name="compass" />
          <h2 id="about-mission">Our Mission</h2>
          <p>
            To give every independent Magic: The Gathering shop the same quality of tools as the largest online sellers,
            so owners can spend their time with players instead of spreadsheets.
          </p>
        </section>
        <section className="card" aria-labelledby="about-story">
          <IconBadge name="boxes" />
          <h2 id="about-story">Our Story</h2>
          <p>
            {PRODUCT_NAME} started behind a shop counter, with binders of singles, a stack of handwritten orders and a
            spreadsheet that never quite matched the shelves. We built a simple inventory tool for one store; other
            shops asked for it, and it grew into a platform for orders, staff and storefronts.
          </p>
        </section>
      </div>

      <section className="section" aria-labelledby="about-values">
        <div className="section-head">
          <h2 id="about-values">Our Values</h2>
          <p className="muted">Four ideas behind every decision we make.</p>
        </div>
        <div className="grid">
          {values.map((v) => (
            <article key={v.title} className="card feature-card">
              <IconBadge name={v.icon} />
              <h3>{v.title}</h3>
              <p className="muted">{v.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="about-team">
        <div className="section-head">
          <h2 id="about-team">Our Team</h2>
          <p className="muted">
            A small team of developers and long-time players who know what a shop needs on a tournament weekend.
          </p>
        </div>
        <div className="grid">
          {team.map((t) => (
            <article key={t.name} className="card">
              <h3>{t.name}</h3>
              <p className="muted">{t.text}</p>
            </article>
          ))}
        </div>
      </section>

      <CtaBand
        id="about-contact"
        title="Want to know more?"
        action={
          <Link to="/contact" className="btn btn-primary btn-lg">
            Contact Us
          </Link>
        }
      >
        Questions, a demo or registration details for your shop: we would love to hear from you.
      </CtaBand>
    </div>
  );
}
