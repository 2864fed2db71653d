// Bundles the server (and the workspace contract it imports) into dist/.
// npm dependencies stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@cardstock/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli.ts',
    // Loaded by URL next to the bundle that starts it (see catalog-import.ts).
    'catalog-parse.worker': 'src/modules/catalog/catalog-parse.worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
