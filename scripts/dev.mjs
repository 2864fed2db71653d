// `npm run dev`: the server with reload on :8080 and Vite with HMR on :5173 (proxying /api).
import { ensureDeps, log, run } from './lib.mjs';

await ensureDeps();
log('Server on http://127.0.0.1:8080, web app with hot reload on http://127.0.0.1:5173');
const codes = await Promise.all([
  run('npm', ['run', 'dev', '-w', '@cardstock/server']),
  run('npm', ['run', 'dev', '-w', '@cardstock/web']),
]);
process.exit(Math.max(...codes));
