import os from 'node:os';
import path from 'node:path';

/** Ports and folders of this browser run; `npm test` picks free ones, these defaults serve a manual run. */
export const e2eEnv = {
  port: Number(process.env.E2E_PORT ?? 18090),
  turnstilePort: Number(process.env.E2E_TURNSTILE_PORT ?? 18091),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 18025),
  dataDir: process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `cardstock-e2e-${process.env.E2E_PORT ?? 18090}`),
  get mainDataDir() {
    return path.join(this.dataDir, 'main');
  },
  get mailDir() {
    return path.join(this.dataDir, 'smtp-sink');
  },
  supportEmail: 'support@cardstock.test',
};

export const baseURL = `http://127.0.0.1:${e2eEnv.port}`;
