import fs from 'node:fs';
import { messages } from '@cardstock/contract';
import { expect, test, type Page } from '@playwright/test';
import { useSession } from './support/accounts.ts';
import { api, bodyOf } from './support/api.ts';
import { importFixtureCatalog, pricedCards } from './support/catalog.ts';
import { waitForMail } from './support/mail.ts';
import { customer, member, registerShop, stockAt } from './support/seed.ts';
import { counterSizes, shots } from './support/shots.ts';

test.beforeAll(() => importFixtureCatalog());
test.beforeEach(async ({ page }) => {
  await page.route('https://cards.scryfall.io/**', (route) => route.abort());
});

const scan = (page: Page) => page.getByLabel('Scan or search');

test('a sale is rung up at the counter: found by name, taxed, a customer’s credit and cash split, change due, a receipt', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await registerShop(request, 'Counter Cards');
  const [bolt, other] = await pricedCards(request, 'dragon', 2);
  await stockAt(request, account, bolt!, 3, 10);
  await stockAt(request, account, other!, 1, 4.5);
  const owner = api(request, account);
  bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, tax_rate_percent: 8.875 }));
  await customer(request, account, { name: 'Ada Lovelace', email: 'ada@example.com' }, { credit: 5 });
  await useSession(context, account);
  // Every frame's print dialog, counted on the Register's window instead of opened.
  await page.addInitScript(() => {
    window.print = () => {
      const top = window.top as Window & { printed?: number };
      top.printed = (top.printed ?? 0) + 1;
    };
  });

  // The dashboard leads to the Register.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Register/ }).click();
  await expect(page).toHaveURL(/\/counter$/);
  await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
  await expect(scan(page)).toBeFocused();
  await expect(page.getByText('Scan a barcode or search to add the first item.')).toBeVisible();

  // No drawer yet: cash waits for one. Opened with a $50 float.
  const drawer = page.getByRole('region', { name: 'Cash drawer' });
  await expect(drawer).toContainText('No cash drawer open');
  await drawer.getByRole('button', { name: 'Open drawer' }).click();
  const opening = page.getByRole('dialog', { name: 'Open the cash drawer' });
  await opening.getByLabel('Float').fill('50');
  await opening.getByRole('button', { name: 'Open drawer' }).click();
  await expect(drawer).toContainText('expected cash $50.00');
  await scan(page).focus();

  // A name with one row in stock is added at once; the box is ready for the next.
  await scan(page).fill(bolt!.name);
  await scan(page).press('Enter');
  const lines = page.getByRole('list', { name: 'Sale lines' });
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await expect(scan(page)).toHaveValue('');
  await expect(scan(page)).toBeFocused();
  // Twice more of it: the stepper stops at the stock.
  await page.getByRole('button', { name: new RegExp(`^One more ${bolt!.name}`) }).click();
  await page.getByRole('button', { name: new RegExp(`^One more ${bolt!.name}`) }).click();
  await expect(page.getByLabel(`Quantity of ${bolt!.name}`)).toHaveText('3');
  await expect(page.getByRole('button', { name: new RegExp(`^One more ${bolt!.name}`) })).toBeDisabled();
  await page.getByRole('button', { name: new RegExp(`^One less ${bolt!.name}`) }).click();
  await scan(page).fill(other!.name);
  await scan(page).press('Enter');
  await expect(lines.getByRole('listitem')).toHaveCount(2);

  // 2 × $10 + $4.50 = $24.50, 8.875 % tax = $2.17 (2.174…), total $26.67.
  await expect(page.getByLabel('Figures')).toContainText('Subtotal$24.50');
  await expect(page.getByLabel('Figures')).toContainText('Tax (8.875 %)$2.17');
  await expect(page.getByLabel('Figures')).toContainText('Total$26.67');

  // A 10 % discount: $22.05 taxed $1.96, total $24.01.
  await page.getByLabel('Discount', { exact: true }).fill('10');
  await expect(page.getByLabel('Figures')).toContainText('Discount−$2.45');
  await expect(page.getByLabel('Figures')).toContainText('Total$24.01');

  // Store credit needs a customer: the button waits for one.
  await expect(page.getByRole('button', { name: 'Store credit', exact: true })).toBeDisabled();
  await page.getByLabel('Find a customer').fill('ada');
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: /Ada Lovelace/ })
    .click();
  await expect(page.getByText('Store credit $5.00')).toBeVisible();

  // $5 of credit (the whole balance), the rest in cash: $30 given, $10.99 change.
  await page.getByRole('button', { name: 'Store credit', exact: true }).click();
  await expect(page.getByLabel('Store credit amount')).toHaveValue('24.01');
  await page.getByLabel('Store credit amount').fill('6');
  await expect(page.getByText('The customer has $5.00 of store credit: tender no more.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Complete sale/ })).toBeDisabled();
  await page.getByLabel('Store credit amount').fill('5');
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await expect(page.getByLabel('Cash amount')).toHaveValue('19.01');
  await page.getByLabel('Cash amount').fill('30');
  await expect(page.getByText('Change due $10.99')).toBeVisible();
  await shots(page, 'register-sale', counterSizes);

  // Enter in a tender completes the sale.
  await page.getByLabel('Cash amount').press('Enter');
  const done = page.getByRole('status').filter({ hasText: /Sale .* complete/ });
  await expect(done).toBeVisible();
  await expect(done).toContainText('Change due $10.99');
  await expect(page.getByRole('button', { name: 'New sale' })).toBeFocused();
  const saleNumber = /Sale (\S+) complete/.exec((await done.textContent()) ?? '')![1]!;

  // The receipt: its own page, printable from the browser.
  const receiptLink = page.getByRole('link', { name: 'Open receipt' });
  const receiptUrl = await receiptLink.getAttribute('href');
  const receipt = await context.newPage();
  await receipt.goto(receiptUrl!);
  await expect(receipt.getByRole('heading', { name: 'Counter Cards' })).toBeVisible();
  await expect(receipt.locator('body')).toContainText(`Sale ${saleNumber}`);
  await expect(receipt.getByRole('row', { name: /Tax \(8\.875 %\)/ })).toContainText('$1.96');
  await expect(receipt.getByRole('row', { name: /^Store credit/ })).toContainText('$5.00');
  await expect(receipt.getByRole('row', { name: /^Change/ })).toContainText('$10.99');
  await receipt.emulateMedia({ media: 'print' });
  await expect(receipt.locator('body')).toContainText('Thank you!');
  await receipt.close();

  // Print receipt opens the browser's print dialog on that page, in a frame of its own.
  await page.getByRole('button', { name: 'Print receipt' }).click();
  const frame = page.frameLocator('iframe[title="Receipt"]');
  await expect(frame.locator('body')).toContainText(`Sale ${saleNumber}`);
  await expect.poll(() => page.evaluate(() => (window as { printed?: number }).printed)).toBe(1);

  // The customer asks for it by e-mail too: their address is filled in; the mail holds the sale and the link.
  const mailing = page.getByRole('form', { name: 'E-mail the receipt' });
  await expect(mailing.getByLabel('E-mail the receipt to')).toHaveValue('ada@example.com');
  await mailing.getByRole('button', { name: 'E-mail receipt' }).click();
  await expect(mailing.getByRole('status')).toHaveText('Receipt sent to ada@example.com.');
  const mailed = await waitForMail((m) => m.subject?.includes(`sale ${saleNumber}`) === true);
  expect(mailed.text).toContain('Total: $24.01');
  expect(mailed.text).toContain('/api/register/receipt/');

  // The stock left, the credit was spent, and the sale is in the order history as confirmed.
  const hits = bodyOf(await owner.call('search', { q: '*' })).data.hits;
  expect(hits.find((h) => h.scryfallId === bolt!.id)?.quantity).toBe(1);
  expect(hits.find((h) => h.scryfallId === other!.id)?.quantity ?? 0).toBe(0);
  const [ada] = bodyOf(await owner.call('customersSearch', { q: 'ada' })).data.customers;
  expect(ada!.balance).toBe(0);

  // New sale: an empty Register, the scan box focused; the drawer expects the float and the sale's cash.
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(page.getByText('Scan a barcode or search to add the first item.')).toBeVisible();
  await expect(scan(page)).toBeFocused();
  await expect(drawer).toContainText('expected cash $69.01');

  // Closing the drawer with $68.50 counted: the Z report says it is $0.51 short.
  await drawer.getByRole('button', { name: 'Close drawer' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the cash drawer' });
  await closing.getByLabel('Cash counted').fill('68.50');
  await closing.getByRole('button', { name: 'Close drawer' }).click();
  const z = page.getByRole('region', { name: 'Z report' });
  await expect(z.getByRole('table', { name: 'Drawer totals' }).getByRole('row', { name: /^Sales/ })).toContainText('1');
  await expect(z.getByRole('row', { name: /Tax collected/ })).toContainText('$1.96');
  const cash = z.getByRole('table', { name: 'Drawer cash' });
  await expect(cash.getByRole('row', { name: /^Expected/ })).toContainText('$69.01');
  await expect(cash.getByRole('row', { name: /^Counted/ })).toContainText('$68.50');
  await expect(cash.getByRole('row', { name: /^Short/ })).toContainText('$0.51');
  await shots(page, 'register-z-report', counterSizes);
  await z.getByRole('button', { name: 'Print Z report' }).click();
  await expect.poll(() => page.evaluate(() => (window as { printed?: number }).printed)).toBe(2);
  await z.getByRole('button', { name: 'Back to the Register' }).click();
  await expect(drawer).toContainText('No cash drawer open');

  // The day's sales report: the sale's figures by tender, and the same as a CSV file.
  await page.goto('/stats');
  const report = page.getByRole('table', { name: 'Sales report totals' });
  await expect(report.getByRole('row', { name: /Tax collected/ })).toContainText('$1.96');
  await expect(report.getByRole('row', { name: /Cash \(less change\)/ })).toContainText('$19.01');
  await expect(report.getByRole('row', { name: /Store credit at the register/ })).toContainText('$5.00');
  const saved = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/^sales_report_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toMatch(/^Date,Sales,Gross,Discounts,Returns,Net,Tax,Takings,Cash,Card,Store credit/);
  expect(csv).toMatch(/\nTotal,1,24\.50,2\.45,0\.00,22\.05,1\.96,24\.01,19\.01,0\.00,5\.00,/);
});

test('a scanner adds a sealed UPC and a SET NUMBER; a trade-in for store credit pays part of the sale', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await registerShop(request, 'Scanner Cards');
  const [card] = await pricedCards(request, 'dragon', 1);
  await stockAt(request, account, card!, 2, 8);
  const printing = bodyOf(await api(request).call('card', { id: card!.id }));
  const owner = api(request, account);
  bodyOf(
    await owner.call('sealedAdd', {
      name: 'Play Booster Box',
      category: 'Booster Box',
      price: 120,
      quantity: 2,
      upc: '036000291452',
    }),
  );
  // The shop buys Field Marshal (Tenth Edition) at $2 cash or $3 credit a copy.
  const client = api(request);
  const marshal = bodyOf(await client.call('cardSearch', { q: 'Field Marshal' })).data.find(
    (c) => c.name === 'Field Marshal',
  )!;
  const tenth = bodyOf(await client.call('cardPrints', { id: marshal.id })).data.find(
    (p) => p.set_name === 'Tenth Edition',
  )!;
  bodyOf(await owner.call('buylistCardSet', { scryfall_id: tenth.id, fixed_cash: 2, fixed_credit: 3 }));
  await customer(request, account, { name: 'Grace Hopper', email: 'grace@example.com' });
  await useSession(context, account);
  await page.goto('/counter');
  const lines = page.getByRole('list', { name: 'Sale lines' });

  // A scanner types a code and Enter: the box product's UPC, then the card's set and number.
  await scan(page).fill('036000291452');
  await scan(page).press('Enter');
  await expect(lines.getByRole('listitem', { name: 'Play Booster Box' })).toBeVisible();
  await expect(scan(page)).toHaveValue('');
  await scan(page).fill(`${printing.set.toUpperCase()} ${printing.collector_number}`);
  await scan(page).press('Enter');
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  // The same code again adds one more copy to its line.
  await scan(page).fill('036000291452');
  await scan(page).press('Enter');
  await expect(page.getByLabel('Quantity of Play Booster Box')).toHaveText('2');
  // A code that names nothing: said, and the box keeps it for another try.
  await scan(page).fill('4006381333931');
  await scan(page).press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No card or sealed product matches “4006381333931”.');
  await expect(scan(page)).toHaveValue('4006381333931');
  await expect(page.getByLabel('Figures')).toContainText('Total$248.00');

  // Two Field Marshals traded in for store credit: $6.00 off what is due.
  await page.getByRole('button', { name: 'Add a card the customer sells' }).click();
  await page.getByRole('searchbox', { name: 'Find a card the customer sells' }).fill('Field Marshal');
  await page
    .getByRole('list', { name: 'Cards found' })
    .getByRole('button', { name: /^Field Marshal/ })
    .first()
    .click();
  await page.getByRole('button', { name: /^Field Marshal, Tenth Edition/ }).click();
  const traded = page.getByRole('list', { name: 'Trade-in lines' }).getByRole('listitem');
  await expect(traded).toHaveCount(1);
  await traded.getByLabel('Quantity').fill('2');
  await expect(page.getByRole('radiogroup', { name: 'Trade-in paid as' })).toContainText('$6.00');
  await expect(page.getByLabel('Figures')).toContainText('Trade-in (store credit)−$6.00');
  await expect(page.getByLabel('Figures')).toContainText('Due$242.00');

  // Paid by card for what is due.
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  await expect(page.getByLabel('Card amount')).toHaveValue('242.00');
  await shots(page, 'register-trade-in', counterSizes);
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  const done = page.getByRole('status').filter({ hasText: /Sale .* complete/ });
  await expect(done).toContainText('Trade-in$6.00');

  // The cards came into stock at their cost; the box and the card left.
  const hits = bodyOf(await owner.call('search', { q: '*' })).data.hits;
  expect(hits.find((h) => h.scryfallId === tenth.id)?.quantity).toBe(2);
  expect(hits.find((h) => h.scryfallId === card!.id)?.quantity).toBe(1);
  const boxes = bodyOf(await owner.call('sealedList', { page: '1', filter: '' })).sealed;
  expect(boxes.find((b) => b.name === 'Play Booster Box')?.quantity).toBe(0);
});

test('a sale whose answer the connection lost is sent again with the same key, and recorded once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await registerShop(request, 'Flaky Line Cards');
  const [card] = await pricedCards(request, 'angel', 1);
  await stockAt(request, account, card!, 2, 3);
  await useSession(context, account);
  await page.goto('/counter');
  await scan(page).fill(card!.name);
  await scan(page).press('Enter');
  await expect(page.getByRole('list', { name: 'Sale lines' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  await page.getByLabel('Card reference').fill('T-4411');

  // The first completion reaches the server, but its answer never comes back.
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/api/register/sale', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByText(/The connection dropped before the sale was confirmed/)).toBeVisible();
  // The Register asks again by itself, with the same key, and shows the first sale.
  await expect(page.getByRole('status').filter({ hasText: /Sale .* complete/ })).toBeVisible({ timeout: 15_000 });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).not.toBe('');

  // One sale: one copy left, one order in the history.
  const owner = api(request, account);
  const hits = bodyOf(await owner.call('search', { q: '*' })).data.hits;
  expect(hits.find((h) => h.scryfallId === card!.id)?.quantity).toBe(1);
  const history = bodyOf(await owner.call('orderHistory')).data.orders;
  expect(history).toHaveLength(1);
});

test('an Employee is refused a discount over the shop’s limit, with the limit named, and the sale waits as it was', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await registerShop(request, 'Limit Cards');
  const [card] = await pricedCards(request, 'goblin', 1);
  await stockAt(request, owner, card!, 2, 20);
  bodyOf(
    await api(request, owner).call('settingsSave', {
      subdomain: '',
      shop_hidden: 1,
      employee_discount_limit_percent: 10,
    }),
  );
  const employee = await member(request, owner, 'Employee');
  await useSession(context, employee, 'Employee');
  await page.goto('/counter');
  await scan(page).fill(card!.name);
  await scan(page).press('Enter');
  await page.getByLabel('Discount', { exact: true }).fill('15');
  await expect(page.getByLabel('Figures')).toContainText('Total$17.00');
  await page.getByRole('button', { name: 'Card', exact: true }).click();
  await expect(page.getByLabel('Card amount')).toHaveValue('17.00');
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'An Employee may discount a sale by at most 10 %: ask an Owner or a Manager for more.',
  );
  // Nothing sold, nothing lost on the screen: within the limit the same sale goes through.
  await expect(page.getByRole('list', { name: 'Sale lines' }).getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Discount', { exact: true }).fill('10');
  await page.getByLabel('Card amount').fill('18');
  await page.getByRole('button', { name: /^Complete sale/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /Sale .* complete/ })).toBeVisible();
});

test('a Watcher is not offered the Register on the dashboard', async ({ request, page, context }) => {
  const account = await registerShop(request, 'Watched Cards');
  await useSession(context, account, 'Watcher');
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /Register/ })).toHaveCount(
    0,
  );
});

test('a return from the sales history: copies back on the shelf, refunded to the card as far as it took and the rest in cash; an Employee is told who may', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await registerShop(request, 'Returns Counter');
  const [card] = await pricedCards(request, 'dragon', 1);
  await stockAt(request, account, card!, 3, 10);
  const owner = api(request, account);
  bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, tax_rate_percent: 10 }));
  bodyOf(await owner.call('registerDrawerOpen', { float: 20 }));
  // 2 × $10 + 10 % tax = $22: $10 by card, $12 in cash.
  const sale = bodyOf(
    await owner.call('registerSale', {
      items: [{ scryfall_id: card!.id, finish: 'nonfoil', quantity: 2 }],
      tenders: [
        { kind: 'card', amount: 10, reference: 'T-77' },
        { kind: 'cash', amount: 12 },
      ],
    }),
  );
  await useSession(context, account);

  await page.goto('/counter');
  await page.getByRole('link', { name: 'Sales and returns' }).click();
  await expect(page).toHaveURL(/\/counter\/sales$/);
  const row = page.getByRole('row', { name: new RegExp(`^${sale.sale_number}\\b`) });
  await expect(row).toContainText('$22.00');
  await shots(page, 'register-sales', counterSizes);
  await row.getByRole('link', { name: sale.sale_number }).click();
  await expect(page.getByRole('heading', { name: `Sale ${sale.sale_number}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Card $10.00, Cash $12.00')).toBeVisible();

  // One copy back on the shelf: half of the line's $22.00. The card takes back what it paid, at most; cash the rest.
  const copies = page.getByLabel(`Copies of ${card!.name} to return`);
  await copies.fill('3');
  await expect(page.getByRole('alert')).toHaveText(`${card!.name}: return a whole number of copies, at most 2.`);
  await copies.fill('1');
  await expect(page.getByText('Refund $11.00')).toBeVisible();
  const refund = page.getByRole('list', { name: 'Paid back as' });
  await expect(refund.getByLabel('Card amount')).toHaveValue('10.00');
  await expect(refund.getByLabel('Cash amount')).toHaveValue('1.00');
  await shots(page, 'register-return', counterSizes);
  // All of it to the card is more than the card paid: the screen says so before the server is asked.
  await refund.getByLabel('Card amount').fill('11');
  await refund.getByRole('button', { name: 'Remove the cash tender' }).click();
  await expect(page.getByRole('alert')).toHaveText('At most $10.00 can go back to the card.');
  await expect(page.getByRole('button', { name: 'Give return of 1 copy' })).toBeDisabled();
  await refund.getByLabel('Card amount').fill('10');
  await page.getByRole('button', { name: 'Cash', exact: true }).click();
  await expect(refund.getByLabel('Cash amount')).toHaveValue('1.00');
  // The first try reaches the server but its answer is lost; the second, with the same key, is answered the first.
  const keys: string[] = [];
  let dropped = false;
  await page.route('**/api/register/return', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Give return of 1 copy' }).click();
  await expect(page.getByText(messages.ordering.network)).toBeVisible();
  await page.getByRole('button', { name: 'Give return of 1 copy' }).click();
  await expect(page.getByRole('status')).toContainText(`Return ${sale.sale_number}-R1 done: $11.00 refunded.`);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).not.toBe('');
  await expect(page.getByRole('status')).toContainText('Cash: $1.00 — hand it over from the drawer');

  // The copy is back in stock, the drawer paid out the cash, and the sale lists the return.
  const copiesLeft = bodyOf(await owner.call('search', { q: '*' }))
    .data.hits.filter((h) => h.scryfallId === card!.id)
    .reduce((n, h) => n + h.quantity, 0);
  expect(copiesLeft).toBe(2);
  expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer?.expected).toBe(31);
  await page.getByRole('link', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`^${sale.sale_number}\\b`) })).toContainText('1');
  await page.getByRole('link', { name: sale.sale_number }).click();
  await expect(page.getByText(`${sale.sale_number}-R1`)).toBeVisible();
  await expect(page.getByText('of 1', { exact: true })).toBeVisible();

  // An Employee finds the sale but is told a return needs an Owner or a Manager.
  const employee = await member(request, account, 'Employee');
  await useSession(context, employee, 'Employee');
  await page.goto(`/counter/sales/${sale.sale_number}`);
  await expect(page.getByRole('note')).toHaveText('A return needs an Owner or a Manager: ask one to give it.');
  await expect(page.getByLabel(`Copies of ${card!.name} to return`)).toBeDisabled();
});

test('cash paid out of the drawer by hand: refused past what it holds, then recorded; the Z report lists it', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Paid Out Cards');
  bodyOf(await api(request, account).call('registerDrawerOpen', { float: 30 }));
  await useSession(context, account);
  await page.goto('/counter');
  const drawer = page.getByRole('region', { name: 'Cash drawer' });
  await expect(drawer).toContainText('expected cash $30.00');

  // $40 of stamps is more than the drawer holds: the server says so in the dialog, which stays open as typed.
  await drawer.getByRole('button', { name: 'Paid in/out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paid in or out of the cash drawer' });
  await dialog.getByLabel('Paid out').check();
  await dialog.getByLabel('Amount').fill('40');
  await dialog.getByLabel('Reason').fill('Stamps');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The drawer should hold only $30.00 in cash: pay out no more than that.',
  );
  await expect(dialog.getByLabel('Reason')).toHaveValue('Stamps');
  await expect(drawer).toContainText('expected cash $30.00');

  // $5: recorded, the expected cash drops.
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(drawer).toContainText('expected cash $25.00');

  // Closed with $25 counted: the Z report lists the paid out and the count matches.
  await drawer.getByRole('button', { name: 'Close drawer' }).click();
  const closing = page.getByRole('dialog', { name: 'Close the cash drawer' });
  await closing.getByLabel('Cash counted').fill('25');
  await closing.getByRole('button', { name: 'Close drawer' }).click();
  const cash = page.getByRole('region', { name: 'Z report' }).getByRole('table', { name: 'Drawer cash' });
  await expect(cash.getByRole('row', { name: /^Paid out/ })).toContainText('$5.00');
  await expect(cash.getByRole('row', { name: /^Expected/ })).toContainText('$25.00');
  await expect(cash.getByRole('row', { name: /^Over \/ short/ })).toContainText('$0.00');
});

test('an order placed from a PC is rung up at the counter: its lines, a discount, cash with change; it leaves the queue', async ({
  page,
  context,
  request,
}) => {
  const account = await registerShop(request, 'Queue Counter');
  const [card] = await pricedCards(request, 'dragon', 1);
  await stockAt(request, account, card!, 3, 10);
  const owner = api(request, account);
  bodyOf(await owner.call('settingsSave', { subdomain: '', shop_hidden: 1, tax_rate_percent: 10 }));
  bodyOf(await owner.call('registerDrawerOpen', { float: 0 }));
  const { order_number: number } = bodyOf(
    await owner.call('placeOrder', { items: [{ scryfall_id: card!.id, finish: 'nonfoil', quantity: 2 }] }),
  );
  const callout = number.slice(number.lastIndexOf('-') + 1);
  await useSession(context, account);

  await page.goto('/counter');
  await page.getByRole('link', { name: 'Ring up an order' }).click();
  await expect(page).toHaveURL(/\/counter\/orders$/);
  await page.getByRole('button', { name: `Ring up order ${callout}` }).click();
  const form = page.getByRole('form', { name: `Order ${callout}` });
  await expect(form.getByRole('list', { name: 'Order lines' })).toContainText(`2 × ${card!.name}`);
  // $20 less 10 % = $18, tax $1.80: $19.80 due.
  await form.getByLabel('Discount (%)').fill('10');
  await expect(form.getByLabel('Figures')).toContainText('Due$19.80');
  await form.getByRole('button', { name: 'Cash', exact: true }).click();
  await form.getByLabel('Cash amount').fill('20');
  await expect(form.getByText('Change due $0.20')).toBeVisible();
  await shots(page, 'register-order', counterSizes);
  await form.getByRole('button', { name: 'Complete sale $19.80' }).click();
  await expect(page.getByRole('status')).toContainText(`Order ${callout} rung up`);
  await expect(page.getByRole('status')).toContainText('Change due $0.20');
  await page.getByRole('button', { name: 'Next order' }).click();
  await expect(page.getByText('No orders are waiting')).toBeVisible();
  const history = bodyOf(await owner.call('orderHistory')).data.orders;
  expect(history.find((o) => o.order_number === number)?.status).toBe('confirmed');
  expect(bodyOf(await owner.call('registerDrawerCurrent')).drawer?.expected).toBe(19.8);
});
