import { routes, type RouteDef } from '@cardstock/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildShop } from '../test/factories.ts';
import { startCardTraderFake, type CardTraderFake } from '../test/cardtrader-fake.ts';
import { startServer, testEngine, type TestServer } from '../test/harness.ts';
import { fixtureCardLines } from '@cardstock/fixtures';
import { importCatalogFile } from './modules/catalog/catalog-import.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Generated requests per route (issue 13 asks for at least 200). */
const RUNS = 200;
/** A fixed seed keeps CI reproducible; FUZZ_SEED explores other inputs (a failure prints its seed and path). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** Generated CSV files, on top of the route's 200 bad forms. */
const CSV_RUNS = Number(process.env.FUZZ_CSV_RUNS ?? 60);

/** Routes that end the caller's session or answer a third party's signature: walked separately or not at all. */
const skipped = new Set(['logout']);

// ---- what a hostile or broken client sends -------------------------------------------------

const metacharacters = fc.constantFrom(
  "' OR '1'='1' --",
  '"; DROP TABLE shops; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../etc/passwd',
  '%s%s%n',
  '${7*7}{{7*7}}',
  '\u0000\u0001\u001f',
  '\u202e\u200b\ufeff',
  '🃏🐉 Ægir’s Ǿrb 漢字',
  'NaN',
  '-1',
  '1e309',
  '   ',
  '',
);
const numbers = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, -0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hugeString = fc.integer({ min: 5_000, max: 200_000 }).map((n) => 'A'.repeat(n));
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  metacharacters,
  numbers,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
  hugeString,
);

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; enum?: unknown[] };

/** A value of roughly the right type for a field, so some bodies get past validation into the rules. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (schema?.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string') return fc.oneof(metacharacters, fc.string({ maxLength: 30 }), fc.constantFrom('1', 'NM'));
  // Numbers as text too: decimal digits are read, hex, exponents, blanks and words are refused.
  if (type === 'number' || type === 'integer')
    return fc.oneof(numbers, fc.constantFrom('0x10', '1e3', '12', ' 7 ', '', 'NaN', 'Infinity', '-0'));
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 });
  return anyValue;
}

/** The fields a route's body (or query, or params) declares, from its zod schema. */
function fieldsOf(schema: z.ZodType | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return json.properties ?? {};
  } catch {
    return {};
  }
}

/** Objects that mix the declared fields (well typed, badly typed or missing) with fields nobody declared. */
function objectFor(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(schema);
  const declared = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      fc.option(fc.oneof(plausible(field), anyValue), { nil: undefined }),
    ]),
  );
  return fc
    .tuple(
      fc.record(declared, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'shop_id', 'role', 'is_admin', 'extra'), anyValue, {
        maxKeys: 2,
      }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/**
 * A request body: mostly objects near the schema, some not objects at all (JSON's null, lists, true, numbers and
 * texts, sent as JSON even to an upload route), some not even JSON.
 */
function bodyFor(def: RouteDef): fc.Arbitrary<{ raw: string; json?: true }> {
  return fc.oneof(
    { weight: 6, arbitrary: objectFor(def.body).map((o) => ({ raw: JSON.stringify(o) })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ raw: JSON.stringify(v) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('null', '[]', '[{}]', 'true', '0', '16', '"0x10"').map((raw) => ({
        raw,
        json: true as const,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"a":', 'nul', '[1,2', '{"token":"x",}', '\u0000').map((raw) => ({ raw })),
    },
  );
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** A query string and path parameters built from the route's own schemas, values as hostile text. */
function urlFor(def: RouteDef): fc.Arbitrary<string> {
  const params = Object.keys(fieldsOf(def.params));
  return fc
    .tuple(
      objectFor(def.querystring),
      fc.array(fc.oneof(plausible({ type: 'string' }), anyValue), {
        minLength: params.length,
        maxLength: params.length,
      }),
    )
    .map(([query, values]) => {
      let url = def.path;
      params.forEach((name, i) => (url = url.replace(`:${name}`, encodeURIComponent(textOf(values[i]).slice(0, 300)))));
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) search.set(key, textOf(value).slice(0, 2000));
      const qs = search.toString();
      return qs ? `${url}?${qs}` : url;
    });
}

// ---- the walk ------------------------------------------------------------------------------------

describe(`every route, ${RUNS} generated bad requests each: never a 5xx, refusals change nothing (${testEngine})`, () => {
  let server: TestServer;
  let cardTrader: CardTraderFake;
  let owner: Awaited<ReturnType<typeof buildShop>>;
  let admin: Awaited<ReturnType<typeof buildShop>>;

  /** One statement that reads every table as text, rows in a fixed order: what a refused call must leave as it was. */
  let snapshotQuery = '';
  async function snapshot(): Promise<Map<string, string>> {
    const result = await sql.raw<{ t: string; v: string | null }>(snapshotQuery).execute(server.ctx.db);
    return new Map(result.rows.map((r) => [r.t, r.v ?? '']));
  }
  const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
    [...after.keys()].filter((t) => before.get(t) !== after.get(t));

  beforeAll(async () => {
    // A body that happens to carry an API token is checked with CardTrader's stand-in, which refuses it (400).
    cardTrader = await startCardTraderFake();
    server = await startServer({ RATE_LIMIT_SCALE: '100000', CARDTRADER_API_URL: cardTrader.url });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fuzz-')), 'cards.ndjson');
    fs.writeFileSync(file, fixtureCardLines(200).join('\n'));
    await importCatalogFile(server.ctx.db, file);
    owner = await buildShop(server);
    admin = await buildShop(server, { shop_name: 'Platform Staff' });
    await server.ctx.db
      .updateTable('users')
      .set({ platform_role: 'superadmin' })
      .where('email', '=', admin.email)
      .execute();
    // Sessions and users record their last use (last_used_at) as calls come; the catalog is
    // reference data no call writes; the migrator's own tables are not data.
    const ignored = ['sessions', 'cards', 'kysely_migration', 'kysely_migration_lock'];
    const tables = (await server.ctx.db.introspection.getTables()).filter((t) => !ignored.includes(t.name));
    snapshotQuery = tables
      .map(({ name, columns }) =>
        testEngine === 'postgres'
          ? `select '${name}' as t, string_agg(r, E'\\n' order by r) as v from (select (to_jsonb(x) - 'last_used_at')::text as r from "${name}" x) rows`
          : `select '${name}' as t, (select group_concat(r, char(10)) from (select json_array(${columns
              .filter((c) => c.name !== 'last_used_at')
              .map((c) => `"${c.name}"`)
              .join(', ')}) as r from "${name}" order by r)) as v`,
      )
      .join('\nunion all\n');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await cardTrader.close();
  });

  const walked = Object.entries(routes as Record<string, RouteDef>).filter(([name]) => !skipped.has(name));

  it.each(walked)('%s', async (_name, def) => {
    const token = def.auth === 'admin' ? admin.token : owner.token;
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(urlFor(def), bodyFor(def), async (url, body) => {
        const hasBody = !['GET', 'HEAD'].includes(def.method);
        const res = await fetch(server.url + url, {
          method: def.method,
          headers: {
            authorization: `Bearer ${token}`,
            // The one input of the events stream: where to resume (any text a header may carry).
            ...(def.path === routes.events.path
              ? { 'last-event-id': body.raw.replace(/[^\x20-\x7e]/g, '').slice(0, 100) }
              : {}),
            ...(hasBody
              ? { 'content-type': def.multipart && !body.json ? 'multipart/form-data; boundary=x' : 'application/json' }
              : {}),
          },
          body: hasBody ? body.raw : undefined,
        });
        // A stream of events stays open: it answers 200 whatever else is sent (a bad Last-Event-ID starts from now).
        if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
          await res.body?.cancel();
          expect(res.status).toBe(200);
          return;
        }
        const text = await res.text();
        expect(res.status, `${def.method} ${url} ${body.raw.slice(0, 300)} → ${text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status >= 400) {
          const message = (JSON.parse(text) as { message?: unknown }).message;
          expect(typeof message === 'string' && message.length > 0, `a refusal says why: ${text.slice(0, 200)}`).toBe(
            true,
          );
          expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
          const changed = changedTables(before, await snapshot());
          expect(
            changed,
            `refused ${def.method} ${url.slice(0, 200)} ${body.raw.slice(0, 200)} changed tables`,
          ).toEqual([]);
        } else {
          before = await snapshot();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });

  it('CSV import: generated files, real multipart; refusals and dry runs change nothing', async () => {
    const header = fc.constantFrom(
      '',
      'Quantity,Name,Set code,Foil,Condition,Scryfall ID\n',
      'Count,Name,Edition,Condition,Foil\n',
      'scryfall_id,quantity,finish,quality\n',
    );
    const cell = fc.oneof(
      metacharacters,
      fc.string({ maxLength: 20 }),
      numbers.map(String),
      fc.constantFrom('"', '""', ',', '\r'),
    );
    const csv = fc
      .tuple(header, fc.array(fc.array(cell, { maxLength: 7 }), { maxLength: 30 }))
      .map(([head, rows]) => head + rows.map((r) => r.join(',')).join('\n'));
    const file = fc.oneof(
      { weight: 4, arbitrary: csv.map((text) => Buffer.from(text)) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4000 }).map((bytes) => Buffer.from(bytes)) },
    );
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.constantFrom('true', 'false', 'maybe', ''),
        fc.constantFrom('true', 'false', ''),
        async (bytes, dryRun, partial) => {
          const form = new FormData();
          form.set('dry_run', dryRun);
          form.set('accept_partial', partial);
          form.set('file', new Blob([bytes], { type: 'text/csv' }), 'stock.csv');
          const res = await fetch(`${server.url}/api/shop/inventory/csv/import`, {
            method: 'POST',
            headers: { authorization: `Bearer ${owner.token}` },
            body: form,
          });
          const text = await res.text();
          expect(
            res.status,
            `${dryRun}/${partial} ${bytes.toString('utf8', 0, 200)} → ${text.slice(0, 300)}`,
          ).toBeLessThan(500);
          if (res.status >= 400 || dryRun === 'true') {
            expect(changedTables(before, await snapshot()), `dry run or refusal: ${text.slice(0, 200)}`).toEqual([]);
          } else {
            before = await snapshot();
          }
        },
      ),
      { numRuns: CSV_RUNS, seed: SEED, endOnFailure: true },
    );
  }, 180_000);
});
