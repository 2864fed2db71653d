import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { keyruneSetCodes } from './src/lib/keyrune-codes.ts';

const id = 'virtual:keyrune-sets';

/** Serves `virtual:keyrune-sets`: the set codes the installed keyrune draws, read from its CSS at build time. */
export function keyruneSets(): Plugin {
  return {
    name: 'cardstock-keyrune-sets',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      const css = fs.readFileSync(createRequire(import.meta.url).resolve('keyrune/css/keyrune.css'), 'utf8');
      return `export default new Set(${JSON.stringify(keyruneSetCodes(css))});`;
    },
  };
}
