import { fixtureCardLines, fixtureCardsFile } from '@cardstock/fixtures';
import { messages } from '@cardstock/contract';
import { expect, test } from '@playwright/test';
import { cli } from './support/admin.ts';
import { api } from './support/api.ts';
import { uniqueEmail, useSession } from './support/accounts.ts';
import { movableClock } from './support/clock.ts';
import { e2eEnv } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { startOwnServer, type OwnServer } from './support/own-server.ts';
import { copiesInStock, pendingReservation, publicShop, registerShop, stock } from './support/seed.ts';

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

test('a reservation the shop does not confirm in its hold time expires: stock back, the customer mailed', async ({
  page,
  context,
}) => {
  const { request } = server;
  const account = await registerShop(request, 'Hourglass Games', {
    email: uniqueEmail('holder'),
    invite: cli(server.dataDir, 'invite', 'create'),
  });
  await stock(request, account, [{ card: card.id, quantity: 2 }]);
  const subdomain = await publicShop(request, account, { reservations_enabled: true, reservation_hold_hours: 1 });

  const email = uniqueEmail('late-customer');
  const orderNumber = await pendingReservation(
    request,
    subdomain,
    [{ card: card.id, quantity: 2 }],
    { name: 'Lou Late', email },
    `expiry-${email}`,
  );
  const stockLeft = () => copiesInStock(request, account);
  expect(await stockLeft()).toBe(0);

  await useSession(context, account);
  await page.goto(`${server.base}/order-management`);
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toBeVisible();

  // An hour and a minute later (a session lives 24 hours unused: a longer move signs staff out), the next look at
  // the queue ends it.
  clock.advance(3_600_000 + 60_000);
  await page.reload();
  await expect(page.getByText(messages.orders.pendingEmpty)).toBeVisible();
  expect(await stockLeft()).toBe(2);
  const status = await api(request).call('publicOrderStatus', { subdomain, order_number: orderNumber, email });
  expect(status.body).toMatchObject({ status: 'expired', message: messages.reservationsServer.status('expired') });
  const mail = await waitForMail(
    (m) => !Array.isArray(m.to) && m.to?.text === email && /expired/.test(m.subject ?? ''),
  );
  expect(mail.subject).toBe(`Your reservation ${orderNumber} at ${account.shopName} expired`);
});
