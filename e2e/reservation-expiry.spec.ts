import { fixtureCardLines, fixtureCardsFile } from '@cardstock/fixtures';
import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { cli } from './support/admin.ts';
import { uniqueEmail, useSession } from './support/accounts.ts';
import { movableClock } from './support/clock.ts';
import { e2eEnv } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';

/** A printing of the fixture with a nonfoil market price: it has a price from the shop's rule. */
const card = fixtureCardLines(400)
  .map((l) => JSON.parse(l) as { id: string; name: string; finishes: string[]; prices: { usd: string | null } })
  .find((c) => c.finishes.includes('nonfoil') && Number(c.prices.usd ?? 0) > 0.5)!;

/** A server of its own whose clock the test moves (TEST_CLOCK_OFFSET_FILE), mailing to the suite's SMTP sink. */
let server: OwnServer;
let clock: ReturnType<typeof movableClock>;

test.beforeAll(async () => {
  clock = movableClock(`${e2eEnv.dataDir}/reservation-clock`);
  server = await startOwnServer('reservation-expiry', {
    ...clock.env,
    SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
  });
  cli(server.dataDir, 'cards', 'import', fixtureCardsFile);
});
test.afterAll(() => server.stop());

/** POSTs JSON to the test's own server and answers status and body. */
async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

test('a reservation the shop does not confirm in its hold time expires: stock back, the customer mailed', async ({
  page,
  context,
}) => {
  const owner = { email: uniqueEmail('holder'), password: 'a good password', shopName: 'Hourglass Games' };
  const registered = await post('/api/register', {
    ...owner,
    shop_name: owner.shopName,
    user_first_name: 'Hana',
    user_last_name: 'Owner',
    invite_code: cli(server.dataDir, 'invite', 'create'),
    turnstileToken: 'test',
  });
  expect(registered.status).toBe(200);
  const token = registered.body.token as string;
  expect((await post('/api/shop/inventory/add', { token, scryfall_id: card.id, quantity: 2 })).status).toBe(200);
  const subdomain = `hourglass-${Date.now().toString(36)}`;
  expect(
    (
      await post('/api/shop/settings', {
        token,
        subdomain,
        shop_hidden: 0,
        reservations_enabled: true,
        reservation_hold_hours: 1,
      })
    ).status,
  ).toBe(200);

  const email = uniqueEmail('late-customer');
  const reserved = await post(
    '/api/public/shop/order',
    {
      subdomain,
      items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2 }],
      name: 'Lou Late',
      email,
      turnstileToken: 'test',
    },
    { 'idempotency-key': `expiry-${email}` },
  );
  expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
  const orderNumber = reserved.body.order_number as string;
  const stockLeft = async () => {
    const res = await post('/api/shop/inventory', { token, page: '1', filter: '' });
    return (res.body.inventory as { inv_quantity: number }[]).reduce((n, r) => n + r.inv_quantity, 0);
  };
  expect(await stockLeft()).toBe(0);

  await useSession(context, { ...owner, token });
  await page.goto(`${server.base}/order-management`);
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toBeVisible();

  // An hour and a minute later (a session lives 24 hours unused: a longer move signs staff out), the next look at
  // the queue ends it.
  clock.advance(3_600_000 + 60_000);
  await page.reload();
  await expect(page.getByText(messages.orders.pendingEmpty)).toBeVisible();
  expect(await stockLeft()).toBe(2);
  const status = await post('/api/public/shop/order/status', { subdomain, order_number: orderNumber, email });
  expect(status.body).toMatchObject({ status: 'expired', message: messages.reservationsServer.status('expired') });
  const mail = await waitForMail(
    (m) => !Array.isArray(m.to) && m.to?.text === email && /expired/.test(m.subject ?? ''),
  );
  expect(mail.subject).toBe(`Your reservation ${orderNumber} at ${owner.shopName} expired`);
});
