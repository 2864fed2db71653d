import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries eslint.config.js holds (issue 40), and the one home of money, each proved by a deliberate
 * breach linted in place of an existing file's text: the rule must name it, and the same code where it belongs must
 * pass.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The project's config with only the boundary rules on and no type information: the rules read imports and call
 * shapes, and building the server's whole TypeScript program (a minute on a busy machine) proves nothing here.
 */
const boundaryRules = new Set(['no-restricted-imports', 'no-restricted-syntax']);
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
});

/** What lint finds in `code` put in place of the file at `filePath`. */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages;
}

const rulesBroken = async (filePath: string, code: string): Promise<string[]> =>
  (await lint(filePath, code)).map((m) => m.ruleId ?? m.message);

/** What lint says of `code` in place of the file at `filePath`, one sentence per problem. */
const problems = async (filePath: string, code: string): Promise<string[]> =>
  (await lint(filePath, code)).map((m) => m.message);

describe('module boundaries held by lint', () => {
  // Loading the config's plugins (TypeScript's parser among them) is the slow part, once: not a rule's time.
  beforeAll(() => rulesBroken('apps/server/src/modules/stats/stats.service.ts', 'export {};\n'), 60_000);

  it("a module may not import another module's service, only its types", async () => {
    const breach = "import { startTrial } from '../billing/billing.service.ts';\nexport const start = startTrial;\n";
    expect(await rulesBroken('apps/server/src/modules/stats/stats.service.ts', breach)).toContain(
      'no-restricted-imports',
    );
    const types =
      "import type { createBillingService } from '../billing/billing.service.ts';\nexport type B = typeof createBillingService;\n";
    expect(await rulesBroken('apps/server/src/modules/stats/stats.service.ts', types)).toEqual([]);
  });

  it('a web feature imports another only through its index.ts; shared helpers from src/lib and src/components', async () => {
    const file = 'apps/web/src/features/admin/StorePage.tsx';
    const throughIndex = /Import another feature only through its index\.ts/;
    // The orders screens' old helpers file, once every screen's formatting library, and another feature's stylesheet.
    const helper = "import { formatPrice } from '../orders/order-view.ts';\nexport const price = formatPrice;\n";
    expect(await problems(file, helper)).toEqual([expect.stringMatching(throughIndex)]);
    expect(await problems(file, "import '../buylist/buylist.css';\n")).toEqual([expect.stringMatching(throughIndex)]);
    const shared =
      "import { SellList } from '../buylist/index.ts';\n" +
      "import { formatPrice } from '../../lib/format.ts';\n" +
      "import { OrderNumber } from '../../components/OrderNumber.tsx';\n" +
      "import { boundedNumber } from './admin-view.ts';\n" +
      'export { SellList, formatPrice, OrderNumber, boundedNumber };\n';
    expect(await problems(file, shared)).toEqual([]);
  });

  it('only the inventory module writes the inventory table', async () => {
    const write =
      "import type { Executor } from '../../db/database.ts';\n" +
      "export const wipe = (db: Executor) => db.deleteFrom('inventory').execute();\n";
    expect(await rulesBroken('apps/server/src/modules/stats/stats.repository.ts', write)).toContain(
      'no-restricted-syntax',
    );
    expect(await rulesBroken('apps/server/src/modules/inventory/inventory.repository.ts', write)).toEqual([]);
  });

  it('only the read model reads or moves the inventory version', async () => {
    const read =
      "import type { Executor } from '../../db/database.ts';\n" +
      "export const versionOf = (db: Executor, id: number) => db.selectFrom('shops').select('inventory_version').where('id', '=', id).execute();\n";
    const bump =
      "import { sql } from 'kysely';\nimport type { Executor } from '../../db/database.ts';\n" +
      "export const bump = (db: Executor) => db.updateTable('shops').set({ inventory_version: sql`0` }).execute();\n";
    const readModelOnly = /^The inventory version is the read model's/;
    for (const file of [
      'apps/server/src/modules/buylist/buylist.repository.ts',
      'apps/server/src/modules/inventory/inventory.repository.ts',
    ]) {
      expect(await problems(file, read), file).toEqual([expect.stringMatching(readModelOnly)]);
      expect(await problems(file, bump), file).toEqual([expect.stringMatching(readModelOnly)]);
    }
    expect(await problems('apps/server/src/modules/inventory/read-model.ts', read)).toEqual([]);
    expect(await problems('apps/server/src/modules/inventory/read-model.ts', bump)).toEqual([]);
  });

  it('store credit moves only through the credit ledger’s door, the inventory module included', async () => {
    const append =
      "import type { Tx } from '../../db/database.ts';\n" +
      "import { creditRepository, type CreditMovement } from '../customers/customers.repository.ts';\n" +
      'export const pay = (tx: Tx, m: CreditMovement) => creditRepository.append(tx, m);\n';
    for (const file of [
      'apps/server/src/modules/orders/place-order.ts',
      'apps/server/src/modules/inventory/stock-writes.ts',
    ])
      expect(await problems(file, append), file).toEqual([
        expect.stringMatching(/^Move store credit with appendCredit/),
      ]);
    const insert =
      "import type { Executor } from '../../db/database.ts';\n" +
      "export const give = (db: Executor) => db.insertInto('credit_ledger').values({} as never).execute();\n";
    expect(await problems('apps/server/src/modules/buylist/accept-buy-order.ts', insert)).toEqual([
      expect.stringMatching(/^Store credit is written only by the customers repository/),
    ]);
    // The door itself appends; the repository writes the table for it.
    expect(
      await problems('apps/server/src/modules/customers/credit-ledger.ts', append.replace('../customers/', './')),
    ).toEqual([]);
    expect(await problems('apps/server/src/modules/customers/customers.repository.ts', insert)).toEqual([]);
  });
});

describe('money spelled only in money.ts (and percentages in percent.ts)', () => {
  const spellMoney = /^Spell money with packages\/contract\/src\/money\.ts/;
  const convertMoney = /^Convert money with packages\/contract\/src\/money\.ts/;

  it('refuses .toFixed(2) on a screen, and takes money.ts’s texts or other decimals', async () => {
    const breach = 'export const text = (dollars: number) => `$${dollars.toFixed(2)}`;\n';
    expect(await problems('apps/web/src/features/inventory/price.ts', breach)).toEqual([
      expect.stringMatching(spellMoney),
    ]);
    const spelled =
      "import { formatUsdPlain } from '@cardstock/contract';\n" +
      'export const text = (dollars: number) => formatUsdPlain(dollars);\n' +
      'export const seconds = (ms: number) => (ms / 1000).toFixed(1);\n';
    expect(await problems('apps/web/src/features/inventory/price.ts', spelled)).toEqual([]);
  }, 60_000);

  it('refuses / 100 and * 100 either way round, in the server, the web and the contract alike', async () => {
    const breaches = [
      ['apps/server/src/modules/stats/stats.service.ts', 'export const dollars = (cents: number) => cents / 100;\n'],
      ['apps/server/src/modules/stats/stats.service.ts', 'export const cents = (dollars: number) => 100 * dollars;\n'],
      ['apps/web/src/features/stats/stats-view.ts', 'export const round = (d: number) => Math.round(d * 100) / 100;\n'],
      ['packages/contract/src/pricing.ts', 'export const share = (n: number) => {\n  n /= 100;\n  return n;\n};\n'],
    ] as const;
    for (const [file, code] of breaches) {
      const said = await problems(file, code);
      expect(said.length, `${file}: ${code}`).toBeGreaterThan(0);
      for (const sentence of said) expect(sentence).toMatch(convertMoney);
    }
    const other = 'export const seconds = (ms: number) => ms / 1000;\nexport const ms = (s: number) => s * 1000;\n';
    expect(await problems('apps/server/src/modules/stats/stats.service.ts', other)).toEqual([]);
  }, 60_000);

  it('holds in the inventory module too, beside the stock-write rule where both apply', async () => {
    const conversion = 'export const dollarsOf = (cents: number) => cents / 100;\n';
    expect(await problems('apps/server/src/modules/inventory/inventory.routes.ts', conversion)).toEqual([
      expect.stringMatching(convertMoney),
    ]);
    const both =
      "import type { Executor } from '../../db/database.ts';\n" +
      "export const wipe = (db: Executor) => db.deleteFrom('inventory').execute();\n" +
      conversion;
    const said = await problems('apps/server/src/modules/stats/stats.repository.ts', both);
    expect(said).toHaveLength(2);
    expect(said).toContainEqual(expect.stringMatching(/^Stock is written only through the inventory module/));
    expect(said).toContainEqual(expect.stringMatching(convertMoney));
  }, 60_000);

  it('lets money.ts and percent.ts spell what they are the home of', async () => {
    expect(
      await problems(
        'packages/contract/src/money.ts',
        'export const dollars = (cents: number) => cents / 100;\nexport const text = (d: number) => d.toFixed(2);\n',
      ),
    ).toEqual([]);
    expect(
      await problems('packages/contract/src/percent.ts', 'export const asPercent = (share: number) => share * 100;\n'),
    ).toEqual([]);
  }, 60_000);
});
