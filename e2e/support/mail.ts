import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { e2eEnv } from './env.ts';

/** Waits for a mail in the SMTP sink's folder that matches, and returns it parsed. */
export async function waitForMail(match: (mail: ParsedMail) => boolean, timeoutMs = 10_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(e2eEnv.mailDir) ? fs.readdirSync(e2eEnv.mailDir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(e2eEnv.mailDir, file)));
      if (match(mail)) return mail;
    }
    if (Date.now() > deadline) throw new Error('no matching mail reached the SMTP server');
    await new Promise((r) => setTimeout(r, 200));
  }
}
