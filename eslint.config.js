// Type-aware linting for every workspace (STYLE.md §12).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Money has one home (issue 40): cents ↔ dollars, rounding to the cent and price texts are spelled in
 * packages/contract/src/money.ts, percentages in packages/contract/src/percent.ts. Anywhere else `.toFixed(2)`,
 * `/ 100` and `* 100` are refused: a second spelling of the rule is how a price came to be shown unrounded.
 * Proved by module-boundaries.test.ts.
 */
const moneySpelledOnce = [
  {
    selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
    message: 'Spell money with packages/contract/src/money.ts: amountText, centsText, formatUsdPlain or formatUsd.',
  },
  ...[
    'BinaryExpression[operator=/^[*/]$/][right.value=100]',
    "BinaryExpression[operator='*'][left.value=100]",
    'AssignmentExpression[operator=/^[*/]=$/][right.value=100]',
  ].map((selector) => ({
    selector,
    message:
      'Convert money with packages/contract/src/money.ts (centsToDollars, dollarsToCents, roundToCent, typedCents), ' +
      'percentages with percent.ts (percentage, asPercent, shareOf, byPercent).',
  })),
];

/** Stock is written only through the inventory module (see the block that applies it). */
const inventoryWrite = {
  selector:
    "CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/][arguments.0.value='inventory']",
  message: 'Stock is written only through the inventory module: use modules/inventory/stock-writes.ts.',
};

/** The shop's inventory version is the read model's: it moves it with every stock write, and reads it for others. */
const versionTouch = {
  selector: "Literal[value='inventory_version'], Property[key.name='inventory_version']",
  message: "The inventory version is the read model's: ask modules/inventory/read-model.ts (state, quoteState).",
};

/**
 * Store credit moves through one door (issue 40): customers/credit-ledger.ts appends the movement and its audit entry
 * in the caller's transaction; only the customers repository writes the ledger table, for that door.
 */
const ledgerWrite = {
  selector:
    "CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/][arguments.0.value='credit_ledger']",
  message: 'Store credit is written only by the customers repository, for modules/customers/credit-ledger.ts.',
};
const ledgerAppend = {
  selector: "CallExpression[callee.object.name='creditRepository'][callee.property.name='append']",
  message:
    'Move store credit with appendCredit (modules/customers/credit-ledger.ts): it audits in the same transaction.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'scripts/*.mjs',
            'apps/server/build.mjs',
            'vitest.config.ts',
            'scripts/*.d.mts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Module boundaries (issue 40): a module uses another's repositories, rules and types, never its service; a
    // shared function moves to a file named for it (billing/trial.ts, auth/password-rule.ts, team/invitations.ts).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.service.ts'],
              allowTypeImports: true,
              message: "Import another module's rule or repository, not its service; move a shared function out of it.",
            },
          ],
        },
      ],
    },
  },
  {
    // Feature boundaries in the web (issue 40): a feature lends another a screen only through its index.ts, which
    // re-exports just that; a helper or a small component two features need lives in src/lib or src/components. Its
    // own block: a later block's no-restricted-imports would replace the server modules' one for the same files.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // `../<feature>/<anything but index.ts>`; `../../lib/…` and `../../components/…` are not a feature's.
              regex: String.raw`^\.\./[^./][^/]*/(?!index\.ts$)`,
              message:
                'Import another feature only through its index.ts; shared helpers live in src/lib or src/components.',
            },
          ],
        },
      ],
    },
  },
  {
    // Money in one home. Tests spell expected amounts as they please; the fixtures write other tools' CSV files as
    // those tools do, on their own (they do not import the contract they test).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      'packages/contract/src/money.ts',
      'packages/contract/src/percent.ts',
      'packages/fixtures/**',
      '**/*.test.ts',
      '**/test/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...moneySpelledOnce] },
  },
  {
    // Stock is written only through the inventory module (stock-writes.ts for other modules): its writers tell the
    // read model what changed in the same transaction, which a write elsewhere would forget. Store credit only
    // through its ledger's door. (A later block's no-restricted-syntax replaces an earlier one's, so each block
    // below lists every selector that applies to its files.)
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/migrations/**', '**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-syntax': ['error', inventoryWrite, versionTouch, ledgerWrite, ledgerAppend, ...moneySpelledOnce],
    },
  },
  {
    files: ['apps/server/src/modules/inventory/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', versionTouch, ledgerWrite, ledgerAppend, ...moneySpelledOnce] },
  },
  {
    files: ['apps/server/src/modules/inventory/read-model.ts'],
    rules: { 'no-restricted-syntax': ['error', ledgerWrite, ledgerAppend, ...moneySpelledOnce] },
  },
  {
    files: ['apps/server/src/modules/customers/customers.repository.ts'],
    rules: { 'no-restricted-syntax': ['error', inventoryWrite, versionTouch, ledgerAppend, ...moneySpelledOnce] },
  },
  {
    files: ['apps/server/src/modules/customers/credit-ledger.ts'],
    rules: { 'no-restricted-syntax': ['error', inventoryWrite, versionTouch, ledgerWrite, ...moneySpelledOnce] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read arbitrary JSON answers.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
