// `npm start`: install what is missing, build, and serve UI + API on one port
// with the embedded database (migrations run at start-up).
import { ensureDeps, log, run, serverNodeFlags } from './lib.mjs';

await ensureDeps();
log('Building the web app and the server');
if ((await run('npm', ['run', 'build', '--silent'])) !== 0) process.exit(1);
const child = run('node', [...serverNodeFlags, 'apps/server/dist/main.js']);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => undefined);
process.exit(await child);
