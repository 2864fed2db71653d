import {
  centsUsd as money,
  finishNames,
  finishOf,
  languageNames,
  languageOf,
  percentOfThousandths,
} from '@cardstock/contract';
import type { BuyLineRow } from '../buylist/buylist.repository.ts';
import type { OrderLineRow } from '../orders/orders.repository.ts';
import { holdText } from '../orders/reservation-mails.ts';
import type { SaleRow, TenderRow } from './register.repository.ts';
import type { SaleReturnRow } from './returns.repository.ts';
import { saleDueCents, tradeInUnitCents } from './sale-presenter.ts';

/** Text made safe inside HTML. */
const html = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const tenderNames: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  store_credit: 'Store credit',
  other: 'Other',
};

/** What a line is, beyond its name: set, finish, condition and language (English and nonfoil go unsaid). */
function lineKind(line: Pick<OrderLineRow, 'card_id' | 'set_code' | 'finish' | 'quality' | 'language'>): string {
  if (line.card_id === '') return line.set_code.toUpperCase();
  const finish = finishOf(line.finish);
  const language = languageOf(line.language);
  return [
    line.set_code.toUpperCase(),
    finish === 'nonfoil' ? '' : finishNames[finish],
    line.quality,
    language === 'en' ? '' : languageNames[language],
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A sale's receipt as a printable page (issue 44): the shop's name and address, the sale's number and time, its lines,
 * discount, tax, total, tenders and change, then each return since and its refund. Sized for an 80 mm thermal roll when printed, readable on A4 and on a
 * screen. Every text from the shop or the catalog is escaped.
 */
export function receiptHtml(
  shop: {
    name: string;
    address: string;
    city: string;
    state: string;
    country: string;
    time_zone: string;
    return_policy: string;
  },
  sale: SaleRow,
  lines: readonly OrderLineRow[],
  tenders: readonly TenderRow[],
  tradeIn: readonly BuyLineRow[] = [],
  returns: readonly SaleReturnRow[] = [],
): string {
  const include = sale.prices_include_tax === 1;
  const rate = percentOfThousandths(sale.tax_rate_thousandths);
  const place = [shop.address, [shop.city, shop.state].filter(Boolean).join(', '), shop.country].filter(Boolean);
  const rows = lines
    .map(
      (line) =>
        `<tr><td>${html(line.card_name)}<small>${html(lineKind(line))}</small></td>` +
        `<td class="n">${line.quantity} × ${money(line.unit_price_cents)}</td>` +
        `<td class="n">${money(line.unit_price_cents * line.quantity - line.discount_cents)}</td></tr>`,
    )
    .join('');
  // The cards the shop bought in the sale, at what it paid per copy for the sale's payout.
  const bought = tradeIn
    .map((line) => {
      const unit = tradeInUnitCents(line, sale.trade_in_payout);
      return (
        `<tr><td>${html(line.card_name)}<small>${html(lineKind(line))}</small></td>` +
        `<td class="n">${line.wanted} × ${money(unit)}</td><td class="n">−${money(unit * line.wanted)}</td></tr>`
      );
    })
    .join('');
  const credit = sale.trade_in_payout === 'credit';
  const totals = [
    ['Subtotal', money(sale.subtotal_cents)],
    ...(sale.discount_cents > 0 ? [['Discount', `−${money(sale.discount_cents)}`]] : []),
    [include ? `Tax included (${rate} %)` : `Tax (${rate} %)`, money(sale.tax_cents)],
    ['Total', money(sale.total_cents), 'total'],
    ...(credit && sale.trade_in_cents > 0
      ? [
          ['Trade-in credit', `−${money(sale.trade_in_cents)}`],
          ['Due', money(saleDueCents(sale)), 'total'],
        ]
      : []),
    ...tenders.map((t) => [
      `${tenderNames[t.kind] ?? t.kind}${t.reference ? ` (${t.reference})` : ''}`,
      money(t.amount_cents),
    ]),
    ...(sale.change_cents > 0 ? [['Change', money(sale.change_cents)]] : []),
    ...(sale.trade_in_cash_cents > 0 ? [['Trade-in paid in cash', money(sale.trade_in_cash_cents)]] : []),
    ...(sale.trade_in_credit_cents > 0 ? [['Added to store credit', money(sale.trade_in_credit_cents)]] : []),
  ]
    .map(
      ([label, value, kind]) =>
        `<tr${kind ? ` class="${kind}"` : ''}><th colspan="2">${html(label!)}</th><td class="n">${html(value!)}</td></tr>`,
    )
    .join('');
  // Each return since, with its copies and how it was refunded.
  const returned = returns
    .map((r) => {
      const copies = r.lines
        .map((l) => {
          const line = lines.find((sold) => sold.id === l.order_line_id);
          const what = `${l.quantity} × ${line?.card_name ?? ''}${l.restock === 1 ? '' : ' (not restocked)'}`;
          return `<tr><td colspan="2">${html(what)}</td><td class="n">−${money(l.amount_cents)}</td></tr>`;
        })
        .join('');
      const refunds = r.refunds
        .map(
          (f) =>
            `<tr><th colspan="2">${html(`Refund: ${tenderNames[f.kind] ?? f.kind}${f.reference ? ` (${f.reference})` : ''}`)}</th>` +
            `<td class="n">${money(f.amount_cents)}</td></tr>`,
        )
        .join('');
      const when = holdText(r.created_at, shop.time_zone);
      return `<tbody><tr><th colspan="3">${html(`Return ${r.return_number}`)} <small>${html(when)}</small></th></tr>${copies}${refunds}</tbody>`;
    })
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${html(sale.order_number)} — ${html(shop.name)}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;max-width:80mm;margin:1rem auto;padding:0 .5rem;color:#000}
h1{font-size:1.2rem;margin:0;text-align:center}p{margin:.2rem 0;text-align:center}
table{width:100%;border-collapse:collapse;margin-top:.8rem}td,th{padding:.15rem 0;vertical-align:top;text-align:left;font-weight:normal}
td small{display:block;color:#444}.n{text-align:right;white-space:nowrap;padding-left:.5rem}
.policy{font-size:.85em;margin-top:.6rem;white-space:pre-line}
tbody+tbody tr:first-child *{border-top:1px dashed #000;padding-top:.4rem}.total *{font-weight:bold;font-size:1.1em}
@media print{@page{size:80mm auto;margin:3mm}body{margin:0;max-width:none}}
</style></head><body>
<h1>${html(shop.name)}</h1>
${place.map((p) => `<p>${html(p)}</p>`).join('')}
<p>Sale ${html(sale.order_number)}</p>
<p><time datetime="${html(sale.created_at)}">${html(holdText(sale.created_at, shop.time_zone))}</time></p>
<table><tbody>${rows}</tbody>${
    bought
      ? `<tbody><tr><th colspan="3">Trade-in${sale.buy_number ? ` (${html(sale.buy_number)})` : ''}</th></tr>${bought}</tbody>`
      : ''
  }<tbody>${totals}</tbody>${returned}</table>
<p>Thank you!</p>${shop.return_policy ? `\n<p class="policy">${html(shop.return_policy)}</p>` : ''}
</body></html>`;
}
