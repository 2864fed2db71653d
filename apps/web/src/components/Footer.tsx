import { PRODUCT_NAME } from '@cardstock/contract';
import { Link } from 'react-router';
import { usePublicConfig } from '../lib/use-public-config.ts';

export function Footer() {
  const config = usePublicConfig();
  const email = config.data?.support_email;
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section>
          <h2>{PRODUCT_NAME}</h2>
          <p>Inventory, orders and a storefront for Magic: The Gathering card shops.</p>
        </section>
        <section>
          <h2>Quick Links</h2>
          <ul>
            <li>
              <Link to="/home">Home</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/features">Features</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Legal</h2>
          <ul>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>Support</h2>
          <ul>
            <li>{email ? <a href={`mailto:${email}`}>{email}</a> : <span className="muted">…</span>}</li>
            <li>
              <Link to="/contact">Contact Support</Link>
            </li>
          </ul>
        </section>
      </div>
      <p className="footer-note">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}
