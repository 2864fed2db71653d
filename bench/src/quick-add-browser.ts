// Quick add in a real browser (issue 41): "a scripted 1,000-card session (typed codes) completes in under 60 s end to
// end in the browser". Debian's Chromium, driven by Playwright, signed in as the bench shop's Owner, types each code
// and Enter on the Quick add screen as a USB scanner sends them (no delay, never waiting for an answer); the time is
// from the first keystroke to the screen showing every addition. The shop's stock, read through the API before and
// after, must have grown by exactly one copy per code, or the run ends.
import { cookies, messages } from '@cardstock/contract';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../scripts/lib.mjs';

const m = messages.inventory;

export interface QuickAddBrowser {
  codes: number;
  /** First keystroke to the screen showing every addition. */
  seconds: number;
  /** First keystroke to the last code's Enter: how long the typing itself took. */
  typedSeconds: number;
  /** How long each hundred codes took to type, in order: whether typing slows as the session's list grows. */
  perHundredSeconds: number[];
  stockBefore: number;
  stockAfter: number;
}

/** What the check run in the page uses of its document (bench/ is type-checked without the DOM's types). */
interface PageDocument {
  querySelector(selector: string): { textContent: string | null } | null;
}

/** The shop's copies in stock over all its rows (the Stats screen's figure). */
async function totalCards(url: string, token: string): Promise<number> {
  const res = await fetch(`${url}/api/shop/stats/total-cards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, auth_token: token }),
  });
  if (!res.ok) throw new Error(`total-cards answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { data: { total_cards: number } }).data.total_cards;
}

/** Types every code into Quick add at `url` as the Owner of the shop whose token and name are given. */
export async function quickAddBrowser(
  url: string,
  token: string,
  shopName: string,
  codes: string[],
): Promise<QuickAddBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumFlags,
      // Card pictures come from Scryfall's CDN: offline they would hang, so they fail at once (as in the audits).
      '--host-resolver-rules=MAP cards.scryfall.io ~NOTFOUND, MAP c1.scryfall.com ~NOTFOUND',
    ],
  });
  try {
    const context = await browser.newContext();
    // Signed in the way the login page leaves a browser (e2e/support/accounts.ts's useSession).
    const host = new URL(url).hostname;
    await context.addCookies(
      [
        [cookies.authToken, token],
        [cookies.shopName, shopName],
        [cookies.userRole, 'Owner'],
        [cookies.isAdmin, 'false'],
      ].map(([name, value]) => ({ name: name!, value: value!, domain: host, path: '/' })),
    );
    const page = await context.newPage();
    await page.goto(`${url}/inventory-management/quick-add`);
    const box = page.getByLabel(m.quickAddCodeLabel);
    await box.waitFor();
    await page.getByText(m.quickAddEmpty).waitFor();
    await box.focus();
    const stockBefore = await totalCards(url, token);

    const started = performance.now();
    const perHundredSeconds: number[] = [];
    let hundredFrom = started;
    for (const [i, code] of codes.entries()) {
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      if ((i + 1) % 100 === 0 || i === codes.length - 1) {
        const now = performance.now();
        perHundredSeconds.push((now - hundredFrom) / 1000);
        hundredFrom = now;
      }
    }
    const typedSeconds = (performance.now() - started) / 1000;
    // Every code added (the session's count says so; the list shows only its latest lines) and none waiting.
    const wanted = m.quickAddTotals(codes.length, '', 0).split(',')[0]!;
    await page.waitForFunction(
      (want) => {
        const { document } = globalThis as unknown as { document: PageDocument };
        const totals = document.querySelector('.quick-add-totals');
        return (totals?.textContent ?? '').startsWith(want) && !document.querySelector('.quick-add-totals .muted');
      },
      wanted,
      { timeout: 600_000 },
    );
    const seconds = (performance.now() - started) / 1000;

    const shown = (await page.locator('.quick-add-totals').textContent()) ?? '';
    const failed = await page.locator('.quick-add-failed').allTextContents();
    const stockAfter = await totalCards(url, token);
    if (!shown.startsWith(wanted) || failed.length || stockAfter - stockBefore !== codes.length)
      throw new Error(
        `quick-add-browser: the screen shows "${shown}" (wanted "${wanted}"), ${failed.length} codes not added` +
          `${failed.length ? ` (${failed.slice(0, 5).join('; ')})` : ''}; the stock went from ${stockBefore} to ` +
          `${stockAfter} copies, not ${codes.length} more`,
      );
    return { codes: codes.length, seconds, typedSeconds, perHundredSeconds, stockBefore, stockAfter };
  } finally {
    await browser.close();
  }
}
