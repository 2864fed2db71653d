import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop as buildShop, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { CARDSTOCK_CSV_HEADER } from './csv-formats.ts';

const m = messages.inventoryServer;
const importIdMessage = 'import_id must be 16 to 64 letters, digits or dashes.';

/**
 * The import's form fields (the contract's ZImportForm, read by the route): every malformed field is a 400 with its
 * sentence, in the order the form is read (a malformed import_id, then a form with neither file nor import_id, then
 * the other fields in turn), whether the form comes as multipart or as JSON; a blank field is one left out.
 */
describe(`the CSV import's form fields (${testEngine})`, () => {
  let server: TestServer;
  let shop: Shop;
  const headerOnly = `${CARDSTOCK_CSV_HEADER.join(',')}\n`;

  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_SCALE: '100' });
    shop = await buildShop(server);
  });
  afterAll(() => server.close());

  /** Sends the form as multipart: the token, `fields`, then the file when there is one. */
  async function sendForm(fields: Record<string, string>, file?: string) {
    const form = new FormData();
    form.set('token', shop.token);
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    if (file !== undefined) form.set('file', new Blob([file]), 'stock.csv');
    const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as { message: string; code?: string; dry_run?: boolean } };
  }

  /** Sends the form as JSON (no file can come this way), the token as Bearer. */
  async function sendJson(body: object) {
    const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${shop.token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { message: string; code?: string } };
  }

  const refused = (message: string) => ({ status: 400, body: { message, code: 'BAD_REQUEST' } });

  it('refuses each malformed field with its sentence', async () => {
    for (const picks of ['{"two": "x"}', '[1]', 'not json', '{"2": 5}', 'null'])
      expect(await sendForm({ dry_run: 'true', picks }, headerOnly), picks).toMatchObject(refused(m.picksInvalid));
    for (const mode of ['replace', 'ADD', ' sync'])
      expect(await sendForm({ dry_run: 'true', mode }, headerOnly), mode).toMatchObject(refused(m.importModeInvalid));
    for (const count of ['all', '-1', '1.5', '1234567890'])
      expect(
        await sendForm({ dry_run: 'true', mode: 'sync', confirm_zero_rows: count }, headerOnly),
        count,
      ).toMatchObject(refused(m.confirmZeroRowsInvalid));
    expect(await sendForm({ dry_run: 'true', import_id: 'short' }, headerOnly)).toMatchObject(refused(importIdMessage));
  });

  it('names the first problem in the order the form is read', async () => {
    // A malformed import_id before the missing file, the missing file before the other fields.
    expect(await sendForm({ import_id: 'short', picks: 'x' })).toMatchObject(refused(importIdMessage));
    expect(await sendForm({ picks: 'x', mode: 'replace' })).toMatchObject(refused(m.importNoFile));
    expect(await sendForm({ import_id: '', picks: 'x' })).toMatchObject(refused(m.importNoFile));
    // With a file, or a well-formed import_id instead of one, the fields in turn.
    expect(await sendForm({ picks: 'x', mode: 'replace' }, headerOnly)).toMatchObject(refused(m.picksInvalid));
    expect(await sendForm({ mode: 'replace', confirm_zero_rows: 'all' }, headerOnly)).toMatchObject(
      refused(m.importModeInvalid),
    );
    expect(await sendForm({ import_id: 'shop-form-upload-0001', mode: 'replace' })).toMatchObject(
      refused(m.importModeInvalid),
    );
  });

  it('reads a JSON form the same way, where a field that is not text is malformed', async () => {
    expect(await sendJson({})).toMatchObject(refused(m.importNoFile));
    expect(await sendJson({ picks: { 2: 'x' } })).toMatchObject(refused(m.importNoFile));
    expect(await sendJson({ import_id: 123 })).toMatchObject(
      refused('Invalid input: expected string, received number'),
    );
    const id = 'shop-form-upload-0002';
    expect(await sendJson({ import_id: id, picks: { 2: 'x' } })).toMatchObject(refused(m.picksInvalid));
    expect(await sendJson({ import_id: id, mode: 5 })).toMatchObject(refused(m.importModeInvalid));
    expect(await sendJson({ import_id: id, confirm_zero_rows: 5 })).toMatchObject(refused(m.confirmZeroRowsInvalid));
  });

  it('takes a blank field as one left out, and flags only as "true"', async () => {
    const blank = await sendForm(
      { dry_run: 'true', mode: '', picks: '', confirm_zero_rows: '', import_id: '', file_name: ' ' },
      headerOnly,
    );
    expect(blank).toMatchObject({ status: 200, body: { dry_run: true } });
    // dry_run "TRUE" is no dry run: the (empty) file is imported.
    expect(await sendForm({ dry_run: 'TRUE' }, headerOnly)).toMatchObject({ status: 200, body: { dry_run: false } });
  });
});
