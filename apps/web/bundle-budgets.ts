import { gzipSync } from 'node:zlib';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Initial JavaScript per screen, gzipped, in KB: the app shell plus the
 * screen's own lazy chunk and everything it imports, and the public
 * storefront's own entry. A build that grows past a budget fails.
 */
export const budgets = {
  /** The app shell: router, data layer, layout, toasts. */
  entry: 150,
  /**
   * The public storefront, its own document (issue 11: under 150 KB; issue 24: 80 KB). Its calls go through
   * lib/public-api.ts, on the web's one HTTP core (lib/http.ts, +0.3 KB over a copy of its own, issue 40) and the
   * contract's publicRoutePaths, without the app client's route table and session module (+3 KB);
   * its texts come from the contract's storefront-messages.ts, not the whole catalogue (73.7 KB, was 80.2).
   * The cart (issue 24) adds its store, Add buttons and cart button only (+2.5 KB); the drawer, the checkout and
   * the order status page, with their texts (storefront-cart-messages.ts) and calls (public-order-api.ts), are
   * chunks loaded on demand, and so is the Sealed section. React and React DOM are 69 KB of it.
   */
  storefront: 80,
  /** Any other screen: the shell plus its own chunk. */
  screen: 200,
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** A chunk and every chunk it imports statically, by file name. */
function closure(bundle: OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const next of chunk.imports) closure(bundle, next, seen);
  return seen;
}

export function bundleBudgets(): Plugin {
  return {
    name: 'cardstock-bundle-budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const gz = new Map<string, number>();
      const size = (file: string) => {
        const chunk = bundle[file] as OutputChunk;
        if (!gz.has(file)) gz.set(file, gzipSync(chunk.code).length);
        return gz.get(file)!;
      };
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry && c.name === 'main');
      if (!entry) return;
      const total = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + size(f), 0);
      const shell = closure(bundle, entry.fileName);
      const shellBytes = total(shell);
      const rows = [{ screen: 'entry (app shell)', kb: kb(shellBytes), budget: budgets.entry }];
      const storefront = chunks.find((c) => c.isEntry && c.name === 'storefront');
      if (storefront)
        rows.push({
          screen: 'storefront (its own entry)',
          kb: kb(total(closure(bundle, storefront.fileName))),
          budget: budgets.storefront,
        });
      for (const page of chunks.filter((c) => c.isDynamicEntry && /Page\.tsx$/.test(c.facadeModuleId ?? ''))) {
        const extra = [...closure(bundle, page.fileName)].filter((f) => !shell.has(f));
        const bytes = shellBytes + total(extra);
        const name = (page.facadeModuleId ?? page.name)
          .split('/')
          .pop()!
          .replace(/\.tsx$/, '');
        rows.push({ screen: name, kb: kb(bytes), budget: budgets.screen });
      }
      rows.sort((a, b) => b.kb - a.kb);
      this.info(
        `initial JavaScript per screen, gzipped (KB):\n${rows.map((r) => `  ${r.kb.toFixed(1).padStart(6)} / ${r.budget}  ${r.screen}`).join('\n')}`,
      );
      const over = rows.filter((r) => r.kb > r.budget);
      if (over.length)
        this.error(`over budget: ${over.map((r) => `${r.screen} ${r.kb} KB > ${r.budget} KB`).join(', ')}`);
    },
  };
}
