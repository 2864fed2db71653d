import { PRODUCT_NAME } from '@cardstock/contract';
import type { Serialized } from '../lib/route.ts';

/** The element the storefront page reads its first page from (apps/web StorefrontPage). */
export const STOREFRONT_DATA_ID = 'storefront-data';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);

/**
 * The web app's storefront.html made into one shop's public page: its own
 * title and description for search engines and link previews, a head start on
 * Scryfall's image host, the shop's banner already drawn, and the requested
 * page of cards inlined. The banner (the page's largest text) paints as soon
 * as the styles arrive, before any script runs; the page's script then adopts
 * it (hydration) and adds the cards from the inlined page, without a call to
 * the API (apps/web storefront-main.tsx, StorefrontPage).
 */
export function storefrontDocument(template: string, page: Serialized): string {
  const json = page.body.toString('utf8');
  const data = JSON.parse(json) as { shop_name: string; shop_info: { shop_description: string } };
  const title = `<title>${escapeHtml(`${data.shop_name} — ${PRODUCT_NAME}`)}</title>`;
  const description = data.shop_info.shop_description.trim();
  // The markup StorefrontPage draws for the banner (its description paragraph only when there is one).
  const banner =
    `<div class="storefront"><header class="storefront-banner"><h1>${escapeHtml(data.shop_name)}</h1>` +
    (data.shop_info.shop_description ? `<p>${escapeHtml(data.shop_info.shop_description)}</p>` : '') +
    '</header></div>';
  // JSON in a script element: `<` is the only character that can end it early, and it only occurs inside strings.
  const inline = `<script id="${STOREFRONT_DATA_ID}" type="application/json">${json.replaceAll('<', '\\u003c')}</script>`;
  // Replacer functions, not strings: the shop's own text may hold `$&` or `$'`, which a replacement string expands.
  let html = template
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace('  </head>', () => `    <link rel="preconnect" href="https://cards.scryfall.io" crossorigin />\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${banner}</div>\n    ${inline}`);
  if (description) {
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    );
  }
  return html;
}
