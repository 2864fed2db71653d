import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests. */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp server has no address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `predicate` holds for a received mail (SMTP delivery is asynchronous). */
export async function waitForMail(
  mails: ReceivedMail[],
  predicate: (m: ReceivedMail) => boolean,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mails.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no matching mail arrived');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The raw mail with quoted-printable undone, so links can be read whole. */
export function decodedMail(mail: ReceivedMail): string {
  // Each run of escaped bytes decoded together as UTF-8, so a "×" (=C3=97) reads as one character.
  return mail.raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((hex) => parseInt(hex, 16)),
    ).toString('utf8'),
  );
}
