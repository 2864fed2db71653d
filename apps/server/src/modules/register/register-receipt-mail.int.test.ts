import { returnMessages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, expectError } from '../../../test/client.ts';
import { addMember, catalog, shop as buildShop, stockAtPrice } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail } from '../../../test/smtp.ts';
import type { FixtureCard } from '@cardstock/fixtures';

const said = returnMessages.server;

/** A sale's receipt by e-mail (issue 44), through a real SMTP server: to the address typed, or to the customer's. */
describe(`the receipt by e-mail (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let cards: FixtureCard[];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '1', PUBLIC_URL: 'https://cardstock.test' });
    cards = (await catalog(server, 200)).filter((c) => c.finishes.includes('nonfoil'));
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('mails the lines, tax, tenders, the return policy and the link; to the sale’s customer when no address is typed', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    const card = cards[0]!;
    await stockAtPrice(server, shop, card, 2, 10);
    bodyOf(
      await owner.call('settingsSave', {
        subdomain: '',
        shop_hidden: 1,
        tax_rate_percent: 10,
        return_policy: 'Returns within 14 days.',
      }),
    );
    const ada = bodyOf(
      await owner.call('customersCreate', { customer: { name: 'Ada Mail', email: 'ada-receipt@example.com' } }),
    ).customer;
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [{ scryfall_id: card.id, finish: 'nonfoil', quantity: 2 }],
        customer_id: ada.id,
        tenders: [{ kind: 'card', amount: 22 }],
      }),
    );
    // An Employee sends it too: it is part of ringing up.
    const employee = api(server, await addMember(server, shop.email, 'Employee'));
    const sent = bodyOf(await employee.call('registerReceiptMail', { sale_number: sale.sale_number }));
    expect(sent).toEqual({ message: said.receiptSent('ada-receipt@example.com'), email: 'ada-receipt@example.com' });
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes('ada-receipt@example.com'));
    const text = decodedMail(mail);
    expect(text).toContain(`sale ${sale.sale_number}`);
    expect(text).toContain(`2 × ${card.name}`);
    expect(text).toContain('Tax: $2.00');
    expect(text).toContain('Total: $22.00');
    expect(text).toContain('Card: $22.00');
    expect(text).toContain('Returns within 14 days.');
    expect(text).toContain(`https://cardstock.test${sale.receipt_url}`);

    // Typed at the counter: that address instead.
    const other = bodyOf(
      await owner.call('registerReceiptMail', { sale_number: sale.sale_number, email: 'friend@example.com' }),
    );
    expect(other.email).toBe('friend@example.com');
    await waitForMail(smtp.mails, (m) => m.to.includes('friend@example.com'));
  });

  it('asks for an address when the sale has no customer with one; refuses a bad address and an unknown sale', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    await stockAtPrice(server, shop, cards[1]!, 1, 5);
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [{ scryfall_id: cards[1]!.id, finish: 'nonfoil', quantity: 1 }],
        tenders: [{ kind: 'card', amount: 5 }],
      }),
    );
    const none = await owner.call('registerReceiptMail', { sale_number: sale.sale_number });
    expectError(none, 400);
    expect(none.body.message).toBe(said.receiptNeedsAddress);
    expectError(
      await owner.call('registerReceiptMail', { sale_number: sale.sale_number, email: 'not-an-address' }),
      400,
    );
    const unknown = await owner.call('registerReceiptMail', { sale_number: '404404', email: 'x@example.com' });
    expectError(unknown, 404);
    expect(unknown.body.message).toBe(said.saleNotFound('404404'));
  });

  it('sends one address at most 20 receipts an hour', async () => {
    const shop = await buildShop(server);
    const owner = api(server, shop);
    await stockAtPrice(server, shop, cards[2]!, 1, 5);
    const sale = bodyOf(
      await owner.call('registerSale', {
        items: [{ scryfall_id: cards[2]!.id, finish: 'nonfoil', quantity: 1 }],
        tenders: [{ kind: 'card', amount: 5 }],
      }),
    );
    const send = () => owner.call('registerReceiptMail', { sale_number: sale.sale_number, email: 'Flood@example.com' });
    for (let i = 0; i < 20; i++) bodyOf(await send());
    expectError(await send(), 429);
  });
});
