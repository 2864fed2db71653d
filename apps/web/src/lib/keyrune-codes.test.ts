import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { keyruneSetCodes } from './keyrune-codes.ts';

const keyruneCss = fs.readFileSync(createRequire(import.meta.url).resolve('keyrune/css/keyrune.css'), 'utf8');

describe('keyruneSetCodes', () => {
  const codes = new Set(keyruneSetCodes(keyruneCss));

  it('lists the sets keyrune draws, including those sharing a rule with another', () => {
    for (const code of ['lea', '2ed', 'm21', 'sld', 'afr', 'xdnd', 'grn', 'rna']) expect(codes, code).toContain(code);
    expect(codes.size).toBeGreaterThan(400);
  });

  it('leaves out the sets it has no glyph for and its size, rarity and style classes', () => {
    for (const code of ['plst', 'tafr', 'prm', 'slx']) expect(codes, code).not.toContain(code);
    for (const cls of ['2x', 'fw', 'duo', 'grad', 'common', 'rare', 'mythic', 'border']) {
      expect(codes, cls).not.toContain(cls);
    }
  });

  it('reads selector lists and one-rule sheets alike', () => {
    expect(
      keyruneSetCodes('.ss:before{content:"x"}.ss-abc:before,.ss-def:before{content:"y"}.ss-2x{font-size:2em}'),
    ).toEqual(['abc', 'def']);
  });
});
