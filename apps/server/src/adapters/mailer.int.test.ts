import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testEngine, type TestServer } from '../../test/harness.ts';

describe(`mail without SMTP_URL (${testEngine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('writes each mail to DATA_DIR/outbox as an .eml file', async () => {
    const res = await server.request('POST', '/api/contactus', {
      name: 'Outbox Olga',
      email: 'olga@example.com',
      message: 'Is the outbox working?',
      turnstileToken: 't',
    });
    expect(res.status).toBe(200);
    const outbox = path.join(server.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(eml).toContain('Subject: Contact form: Outbox Olga');
    expect(eml).toContain('To: support@cardstock.local');
    expect(eml).toContain('Is the outbox working?');
  });
});
