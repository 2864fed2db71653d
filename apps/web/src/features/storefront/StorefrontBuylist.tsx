/**
 * A public shop's "We buy" page (issue 25), `/shop/{subdomain}/buylist` (on the shop's own host `/buylist`), a chunk
 * of its own loaded by the storefront's entry: the shop's cash and credit shares, and the hotlist cards with what it
 * pays for each, a page at a time.
 */
import { buylistMessages, formatUsdPlain, type PublicBuylist } from '@cardstock/contract';
import { useEffect, useState } from 'react';
import { CardImage } from '../../components/CardImage.tsx';
import { ApiError } from '../../lib/http.ts';
import { publicBuylist } from '../../lib/public-order-api.ts';
import './storefront.css';
import './we-buy.css';

const t = buylistMessages.weBuy;

export interface StorefrontBuylistProps {
  subdomain: string;
  /** The shop's storefront: `/shop/{subdomain}`, or `/` on its own host. */
  shopHref: string;
}

export function StorefrontBuylist({ subdomain, shopHref }: StorefrontBuylistProps) {
  const [page, setPage] = useState(() =>
    Math.max(1, Number(new URLSearchParams(window.location.search).get('page')) || 1),
  );
  const [data, setData] = useState<PublicBuylist>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    publicBuylist({ subdomain, page: String(page) }, t.failed, controller.signal).then(
      (answer) => {
        setData(answer);
        setError(answer ? undefined : t.failed);
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setError(err instanceof ApiError ? (err.status === 404 ? t.notFound : err.message) : t.failed);
      },
    );
    return () => controller.abort();
  }, [subdomain, page]);

  useEffect(() => {
    document.title = data ? `${t.title} — ${data.shop_name}` : t.title;
  }, [data]);

  const goTo = (next: number) => {
    window.history.pushState(
      null,
      '',
      next > 1 ? `${window.location.pathname}?page=${next}` : window.location.pathname,
    );
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="storefront">
      <header className="storefront-banner">
        <h1>{data ? `${t.title} — ${data.shop_name}` : t.title}</h1>
        {data && <p>{t.lead(data.cash_percent, data.credit_percent)}</p>}
      </header>
      <main className="storefront-main we-buy" aria-busy={!data && !error}>
        <p>
          <a className="btn btn-ghost" href={shopHref}>
            {t.back}
          </a>
        </p>
        {error ? (
          <p className="text-error" role="alert">
            {error}
          </p>
        ) : !data ? (
          <p className="loading">{t.loading}</p>
        ) : (
          <section aria-labelledby="we-buy-hotlist">
            <h2 id="we-buy-hotlist">{t.hotlist}</h2>
            {data.hotlist.length === 0 ? (
              <p className="storefront-empty">{t.hotlistEmpty}</p>
            ) : (
              <>
                <p className="hint">{t.offerNote}</p>
                <ul className="we-buy-grid" aria-label="Hotlist">
                  {data.hotlist.map((card) => (
                    <li key={card.scryfall_id} className="we-buy-card" aria-label={card.card_name}>
                      <CardImage src={card.image_url} name={card.card_name} width={146} height={204} />
                      <div className="we-buy-card-body">
                        <h3>{card.card_name}</h3>
                        <p className="hint">
                          {card.set_code.toUpperCase()} #{card.collector_number}
                        </p>
                        <p className="we-buy-offer">
                          <span>
                            {t.cash} <strong>{formatUsdPlain(card.cash)}</strong>
                          </span>
                          <span>
                            {t.credit} <strong>{formatUsdPlain(card.credit)}</strong>
                          </span>
                        </p>
                        {card.wanted !== null && <p className="hint">{t.wanted(card.wanted)}</p>}
                      </div>
                    </li>
                  ))}
                </ul>
              </>
            )}
            {data.total_pages > 1 && (
              <nav className="storefront-pagination" aria-label="Pages">
                <button type="button" className="btn" disabled={data.page <= 1} onClick={() => goTo(data.page - 1)}>
                  Back
                </button>
                <span>
                  Page {data.page} of {data.total_pages}
                </span>
                <button
                  type="button"
                  className="btn"
                  disabled={data.page >= data.total_pages}
                  onClick={() => goTo(data.page + 1)}
                >
                  Next
                </button>
              </nav>
            )}
          </section>
        )}
      </main>
    </div>
  );
}
