import { PRODUCT_NAME } from '@cardstock/contract';
import type { Serialized } from '../lib/route.ts';

/** The element the storefront page reads its first page from (apps/web StorefrontPage). */
export const STOREFRONT_DATA_ID = 'storefront-data';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);

/**
 * The web app's index.html made into one shop's public page: its own title
 * and description for search engines and link previews, a head start on
 * Scryfall's image host, and the requested page of cards inlined, so the
 * first paint needs no second round trip for the API.
 */
export function storefrontDocument(template: string, page: Serialized): string {
  const data = JSON.parse(page.body.toString('utf8')) as { shop_name: string; shop_info: { shop_description: string } };
  const title = `<title>${escapeHtml(`${data.shop_name} — ${PRODUCT_NAME}`)}</title>`;
  const description = data.shop_info.shop_description.trim();
  // JSON in a script element: `<` is the only character that can end it early, and it only occurs inside strings.
  const inline = `<script id="${STOREFRONT_DATA_ID}" type="application/json">${page.body.toString('utf8').replaceAll('<', '\\u003c')}</script>`;
  let html = template
    .replace(/<title>[^<]*<\/title>/, title)
    .replace('  </head>', `    <link rel="preconnect" href="https://cards.scryfall.io" crossorigin />\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root"></div>\n    ${inline}`);
  if (description) {
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  }
  return html;
}
