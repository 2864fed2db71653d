// A real SMTP server for the browser suite: every message it receives is
// written to MAIL_DIR as an .eml file, where tests read it.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT);
const dir = process.env.MAIL_DIR;
if (!port || !dir) throw new Error('SMTP_PORT and MAIL_DIR are required');
fs.mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    const file = path.join(dir, `${Date.now()}-${++count}.eml`);
    const out = fs.createWriteStream(`${file}.part`);
    stream.pipe(out);
    out.on('finish', () => {
      fs.renameSync(`${file}.part`, file);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => console.log(`smtp sink on 127.0.0.1:${port}, writing to ${dir}`));
