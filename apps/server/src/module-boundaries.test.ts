import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries eslint.config.js holds (issue 40), each proved by a deliberate breach linted in place of an
 * existing server file's text: the rule must name it, and the same code where it belongs must pass.
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

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

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

  it('only the inventory module writes the inventory table', async () => {
    const write =
      "import type { Executor } from '../../db/database.ts';\n" +
      "export const wipe = (db: Executor) => db.deleteFrom('inventory').execute();\n";
    expect(await rulesBroken('apps/server/src/modules/stats/stats.repository.ts', write)).toContain(
      'no-restricted-syntax',
    );
    expect(await rulesBroken('apps/server/src/modules/inventory/inventory.repository.ts', write)).toEqual([]);
  });
});
