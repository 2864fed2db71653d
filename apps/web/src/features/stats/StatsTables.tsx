import { finishNames, messages } from '@cardstock/contract';
import { FlagTags } from '../../components/FlagTags.tsx';
import { LanguageTag } from '../../components/LanguageTag.tsx';
import { OrderNumber } from '../../components/OrderNumber.tsx';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { saleDate } from '../../lib/format.ts';
import { marginText, setLabel } from './stats-view.ts';
import { Link } from 'react-router';
import { useState } from 'react';
import type { LatestSale, LowStock, TopCard } from './use-stats.ts';

const m = messages.stats;

const marginUnknown = 'No copy sold had a known cost (bought from a customer)';

/** Top Selling Cards (spec 001 §2.3): the best sellers by copies sold, at most ten, with their margin. */
export function TopSellingTable({ cards }: { cards: readonly TopCard[] }) {
  return (
    <section className="stats-section" aria-labelledby="stats-top-title">
      <h2 id="stats-top-title">Top Selling Cards</h2>
      <div className="table-wrap">
        <table className="table stats-table">
          <thead>
            <tr>
              <th scope="col">Card Name</th>
              <th scope="col">Set</th>
              <th scope="col" className="numeric">
                Sold
              </th>
              <th scope="col" className="numeric">
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {cards.length === 0 ? (
              <TableMessageRow columns={4}>{m.noSales}</TableMessageRow>
            ) : (
              cards.map((card) => (
                <tr key={`${card.card_name}|${card.set_code ?? ''}`}>
                  <td className="stats-card-name">{card.card_name}</td>
                  <td>{setLabel(card.set_code)}</td>
                  <td className="numeric">{card.total_sold}</td>
                  <td className="numeric" title={card.margin === null ? marginUnknown : undefined}>
                    {marginText(card)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** How many Low Stock lines show before "Show all": the page stays a page, however many rows run low. */
export const lowStockCollapsed = 10;

/**
 * Low Stock: the rows and sealed products at or under the shop's threshold, fewest copies first; the first ten, then
 * the rest on "Show all".
 */
export function LowStockTable({ lowStock }: { lowStock: LowStock }) {
  const { items: all, total, threshold } = lowStock;
  const [expanded, setExpanded] = useState(false);
  const items = expanded ? all : all.slice(0, lowStockCollapsed);
  return (
    <section className="stats-section" aria-labelledby="stats-low-title">
      <h2 id="stats-low-title">{m.lowStockTitle}</h2>
      <p className="muted">
        {m.lowStockIntro(threshold)} <Link to="/shop-settings">{m.lowStockSettings}</Link>
      </p>
      <div className="table-wrap">
        <table className="table stats-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Set</th>
              <th scope="col">Kind</th>
              <th scope="col" className="numeric">
                Qty
              </th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <TableMessageRow columns={4}>{m.lowStockNone}</TableMessageRow>
            ) : (
              items.map((item) => (
                <tr
                  key={
                    item.kind === 'sealed'
                      ? `s${item.sealed_id}`
                      : `${item.scryfall_id}|${item.finish}|${item.quality}|${item.language}|${item.signed}|${item.altered}`
                  }
                >
                  <td className="stats-card-name">{item.name}</td>
                  <td>
                    {setLabel(item.set_code)}
                    {item.collector_number && <span className="muted"> #{item.collector_number}</span>}
                  </td>
                  <td>
                    {item.kind === 'sealed' ? m.sealed : `${finishNames[item.finish ?? 'nonfoil']} · ${item.quality}`}
                    {item.language && <LanguageTag language={item.language} />}
                    <FlagTags signed={item.signed} altered={item.altered} />
                  </td>
                  <td className="numeric">{item.quantity}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {all.length > items.length && (
        <button type="button" className="btn btn-small stats-show-all" onClick={() => setExpanded(true)}>
          {m.lowStockShowAll(all.length)}
        </button>
      )}
      {expanded && total > all.length && <p className="muted">{m.lowStockMore(all.length, total)}</p>}
    </section>
  );
}

/** Latest Cards Sold (spec 001 §2.3): the latest confirmed order lines, newest first, at most twenty. */
export function LatestSoldTable({ sales }: { sales: readonly LatestSale[] }) {
  return (
    <section className="stats-section" aria-labelledby="stats-latest-title">
      <h2 id="stats-latest-title">Latest Cards Sold</h2>
      <div className="table-wrap">
        <table className="table stats-table">
          <thead>
            <tr>
              <th scope="col">Card Name</th>
              <th scope="col">Set</th>
              <th scope="col">Order #</th>
              <th scope="col" className="numeric">
                Qty
              </th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {sales.length === 0 ? (
              <TableMessageRow columns={5}>{m.noSales}</TableMessageRow>
            ) : (
              sales.map((sale, i) => (
                // One order can sell the same card twice (two finishes), so the position keeps keys apart.
                <tr key={`${sale.order_number}|${sale.card_name}|${i}`}>
                  <td className="stats-card-name">{sale.card_name}</td>
                  <td>{setLabel(sale.set_code)}</td>
                  <td>
                    <OrderNumber orderNumber={sale.order_number} />
                  </td>
                  <td className="numeric">{sale.quantity}</td>
                  <td>
                    <time dateTime={sale.timestamp}>{saleDate(sale.timestamp)}</time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
