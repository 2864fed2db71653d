import {
  overviewCounts,
  reportRanges,
  type AdminReport,
  type ReportRange,
  type ReportTab,
  amountText,
  roundToCent,
} from '@cardstock/contract';
import type { AppContext } from '../../context.ts';
import { csvText } from '../../lib/csv.ts';
import { adminReportsRepository as repo } from './admin-reports.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report tab as a table: what both files are made of. */
interface ReportTable {
  title: string;
  columns: string[];
  rows: (string | number)[][];
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

const tabTitles: Record<ReportTab, string> = {
  overview: 'Overview',
  stores: 'Store Performance',
  users: 'User Activity',
  revenue: 'Revenue Analysis',
};

/** One tab of a report as columns and rows. */
export function reportTable(report: AdminReport, tab: ReportTab): ReportTable {
  switch (tab) {
    case 'overview': {
      const o = report.overview;
      return {
        title: tabTitles.overview,
        columns: ['Metric', 'Value'],
        rows: [...overviewCounts(o), ['Revenue ($)', amountText(o.revenue)]],
      };
    }
    case 'stores':
      return {
        title: tabTitles.stores,
        columns: ['Store', 'Subdomain', 'Active', 'Orders', 'Confirmed orders', 'Cards sold', 'Revenue ($)'],
        rows: report.stores.map((s) => [
          s.store_name,
          s.subdomain ?? '',
          yesNo(s.is_active),
          s.orders,
          s.confirmed_orders,
          s.cards_sold,
          amountText(s.revenue),
        ]),
      };
    case 'users':
      return {
        title: tabTitles.users,
        columns: ['Email', 'Shop', 'Last login', 'Orders'],
        rows: report.users.most_active.map((u) => [u.email, u.shop_name ?? '', u.last_login ?? '', u.orders]),
      };
    case 'revenue':
      return {
        title: tabTitles.revenue,
        columns: ['Date', 'Orders', 'Revenue ($)'],
        rows: report.revenue.by_day.map((d) => [d.date, d.orders, amountText(d.revenue)]),
      };
  }
}

/** A table as a PDF: title, range, then the rows, a new page whenever one fills up. */
async function pdfOf(table: ReportTable, subtitle: string): Promise<Buffer> {
  // Loaded on the first PDF report: pdfkit and its fonts are about 25 MB of memory every server would hold from start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Cardstock — ${table.title}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).text(`Cardstock — ${table.title}`);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(subtitle).moveDown();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  // The first column (names) gets twice the room of the figures.
  const unit = width / (table.columns.length + 1);
  const xs = table.columns.map((_c, i) => left + (i === 0 ? 0 : unit * (i + 1)));
  const widths = table.columns.map((_c, i) => (i === 0 ? unit * 2 : unit) - 6);
  const line = (cells: (string | number)[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#111111');
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(String(cell), xs[i], y, { width: widths[i]!, ellipsis: true, height: 24 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  line(table.columns, true);
  if (table.rows.length === 0) doc.font('Helvetica').fontSize(9).text('No data in this range.', left);
  for (const row of table.rows) line(row, false);
  doc.end();
  return done;
}

/** The reports screen's data over a date range, and its CSV and PDF files. */
export function createAdminReportsService(ctx: AppContext) {
  async function build(range: ReportRange): Promise<AdminReport> {
    const days = reportRanges.find((r) => r.value === range)?.days ?? 30;
    const to = ctx.clock.now();
    const from = new Date(to.getTime() - days * DAY_MS).toISOString();
    const [overview, stores, users, byDay] = await Promise.all([
      repo.overview(ctx.db, from),
      repo.stores(ctx.db, from),
      repo.users(ctx.db, from),
      repo.revenueByDay(ctx.db, from),
    ]);
    return {
      range,
      from,
      to: to.toISOString(),
      overview,
      stores,
      users,
      revenue: {
        total: overview.revenue,
        average_order: overview.confirmed_orders ? roundToCent(overview.revenue / overview.confirmed_orders) : 0,
        by_day: byDay,
      },
    };
  }

  return {
    report: (range: ReportRange) => build(range),

    /** One tab as a file: `cardstock-report-{tab}-{range}-{date}.csv|pdf`. */
    async file(range: ReportRange, tab: ReportTab, format: 'csv' | 'pdf') {
      const report = await build(range);
      const table = reportTable(report, tab);
      const label = reportRanges.find((r) => r.value === range)?.label ?? range;
      const name = `cardstock-report-${tab}-${range}-${report.to.slice(0, 10)}.${format}`;
      if (format === 'csv') {
        const body = csvText(table.columns, table.rows);
        return { name, type: 'text/csv; charset=utf-8', body: Buffer.from(body) };
      }
      const subtitle = `Last ${label}: ${report.from.slice(0, 10)} to ${report.to.slice(0, 10)} (UTC)`;
      return { name, type: 'application/pdf', body: await pdfOf(table, subtitle) };
    },
  };
}
