// `npm test`: everything, on a fresh clone, with nothing installed by hand.
// Installs npm packages, Debian's Chromium and (when no server answers)
// PostgreSQL and Redis; then lint, typecheck, format, build, unit tests, API
// tests on SQLite and on PostgreSQL, and the browser suite, all on the fixtures
// the repository carries (packages/fixtures). Then the interop corpus: real
// exports of other tools, from CARDSTOCK_INTEROP_DIR or else ../shared/data
// beside the clone (CI has it); without either it is skipped, saying so.
// The last line sums them: `N passed, N failed`.
//
//   npm test            every suite
//   npm test -- unit    one suite: checks | unit | int | int:sqlite | int:postgres | e2e | interop
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureDeps, ensurePostgres, ensureRedis, freePort, log, root, run } from './lib.mjs';

const only = process.argv[2];
const wants = (suite) => !only || suite === only || suite.startsWith(`${only}:`);
const tally = { passed: 0, failed: 0 };
const lines = [];
const reportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardstock-reports-'));

/**
 * The interop corpus's folder: the one place the tests may look outside the
 * repository without a variable naming it, because the shared folder beside
 * our clones (and CI's) is where the corpus lives (packages/fixtures/src/interop.ts).
 */
function interopCorpus() {
  if (process.env.CARDSTOCK_INTEROP_DIR) return path.resolve(process.env.CARDSTOCK_INTEROP_DIR);
  const beside = path.resolve(root, '..', 'shared', 'data');
  return fs.existsSync(path.join(beside, 'csv')) ? beside : undefined;
}

function record(name, passed, failed) {
  tally.passed += passed;
  tally.failed += failed;
  lines.push(`${failed ? '✗' : '✓'} ${name}: ${passed} passed, ${failed} failed`);
}

/** A check (lint, typecheck, ...) counts as one test: it passes or it fails. */
async function check(name, cmd, args, env) {
  log(name);
  const code = await run(cmd, args, { env });
  record(name, code === 0 ? 1 : 0, code === 0 ? 0 : 1);
  return code === 0;
}

async function vitest(name, project, env) {
  log(name);
  const out = path.join(reportsDir, `${name.replace(/\W+/g, '-')}.json`);
  const code = await run(
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { env },
  );
  if (!fs.existsSync(out)) return record(name, 0, 1);
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  record(name, report.numPassedTests, failed);
  // The summary is the end of the log, what a CI page shows: name each failure there too.
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') lines.push(`    ✗ ${path.relative(process.cwd(), file.name)} › ${test.fullName}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      lines.push(
        `    ✗ ${path.relative(process.cwd(), file.name)}: ${String(file.message ?? 'failed to run').slice(0, 300)}`,
      );
  }
  if (code !== 0 && report.numFailedTests === 0 && !lines.at(-1)?.startsWith('    ✗'))
    lines.push(
      `    ✗ vitest exited with code ${code} though no test failed (an unhandled error: see its output above)`,
    );
}

async function playwright(env) {
  log('browser suite (Playwright, Debian Chromium)');
  const out = path.join(reportsDir, 'e2e.json');
  const code = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!fs.existsSync(out)) return record('browser suite', 0, 1);
  const { stats, suites } = JSON.parse(fs.readFileSync(out, 'utf8'));
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  record('browser suite', stats.expected + stats.flaky, failed);
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      if (spec.tests?.some((t) => t.status === 'unexpected'))
        lines.push(`    ✗ ${spec.file}:${spec.line} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites ?? []) walk(suite);
}

/**
 * `npm audit --omit=dev`: no high or critical advisory in what production
 * installs. Where the registry offers no audit endpoint (a mirror, a proxy),
 * the summary says it was skipped rather than pretending it passed.
 */
async function audit() {
  log('npm audit (production dependencies)');
  const res = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  let report;
  try {
    report = JSON.parse(res.stdout);
  } catch {
    report = undefined;
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const why = report?.statusCode ? `the registry answered ${report.statusCode}` : 'no report';
    lines.push(`- npm audit: skipped (${why}: no audit endpoint here)`);
    return;
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  if (serious) console.error(res.stdout);
  record('npm audit: no high or critical advisory', serious ? 0 : 1, serious ? 1 : 0);
}

let postgres;
let redis;
try {
  await ensureDeps();
  if (wants('checks')) {
    await check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
    await check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
    await check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
    await audit();
  }
  if (wants('unit')) await vitest('unit tests', 'unit');
  // Several servers sharing rate limits need a Redis (apps/server/src/multi-server.int.test.ts).
  if (wants('int:sqlite') || wants('int:postgres')) redis = await ensureRedis();
  if (wants('int:sqlite')) await vitest('API tests on SQLite', 'int', { TEST_DB: 'sqlite', TEST_REDIS_URL: redis.url });
  if (wants('int:postgres')) {
    postgres = await ensurePostgres();
    await vitest('API tests on PostgreSQL', 'int', {
      TEST_DB: 'postgres',
      TEST_PG_ADMIN_URL: postgres.adminUrl,
      TEST_REDIS_URL: redis.url,
    });
  }
  if (wants('interop')) {
    const corpus = interopCorpus();
    if (corpus) {
      redis ??= await ensureRedis();
      await vitest('interop corpus', 'interop', {
        CARDSTOCK_INTEROP_DIR: corpus,
        TEST_DB: 'sqlite',
        TEST_REDIS_URL: redis.url,
      });
    } else {
      lines.push('interop corpus: skipped (no ../shared)');
    }
  }
  if (wants('e2e')) {
    const chromium = await ensureChromium();
    if (await check('build', 'npm', ['run', 'build', '--silent'])) {
      await playwright({
        CHROMIUM_PATH: chromium,
        E2E_PORT: String(await freePort()),
        E2E_TURNSTILE_PORT: String(await freePort()),
        E2E_SMTP_PORT: String(await freePort()),
        E2E_DATA_DIR: path.join(reportsDir, 'e2e-data'),
      });
    }
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  record('test run', 0, 1);
} finally {
  await postgres?.stop();
  await redis?.stop();
  fs.rmSync(reportsDir, { recursive: true, force: true });
}

console.log(`\n${lines.join('\n')}\n`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 && tally.passed > 0 ? 0 : 1);
