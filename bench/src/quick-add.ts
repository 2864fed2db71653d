// Quick add under load (issue 41): the codes scanner stations send, and a first pass that proves each one adds a copy.
import fs from 'node:fs';
import readline from 'node:readline';
import { labelCodeOf, readScanCode } from '@cardstock/contract';
import type { FixtureCard } from '@cardstock/fixtures';
import { catalogFile } from './generate.ts';

/**
 * `count` codes spread over the generated catalog of `catalogSize` printings, as a scanner or a person at the counter
 * sends them: of every ten, eight a set and number as printed ("MH3 241"), one a Scryfall id, one a label code of a
 * row of the shop (from `rowIds`, by turns; a set and number instead when there are none). Only printings that come
 * in nonfoil (quick add's default finish) and whose set and number name them alone in the catalog, read back as that
 * set and number: a code that names several printings answers 409 for the picker, which is not this workload.
 */
export async function quickAddCodes(catalogSize: number, rowIds: number[], count = 200): Promise<string[]> {
  const cards: FixtureCard[] = [];
  for await (const text of readline.createInterface({ input: fs.createReadStream(await catalogFile(catalogSize)) }))
    if (text) cards.push(JSON.parse(text) as FixtureCard);
  const key = (c: FixtureCard) => `${c.set} ${c.collector_number.toLowerCase()}`;
  const printings = new Map<string, number>();
  for (const card of cards) printings.set(key(card), (printings.get(key(card)) ?? 0) + 1);
  const printed = (c: FixtureCard) => `${c.set.toUpperCase()} ${c.collector_number}`;
  const fits = (c: FixtureCard) => {
    const read = readScanCode(printed(c));
    return (
      c.finishes.includes('nonfoil') &&
      printings.get(key(c)) === 1 &&
      read?.kind === 'set_number' &&
      `${read.set_code} ${read.collector_number}` === key(c)
    );
  };
  const step = Math.max(1, Math.floor(cards.length / count));
  const picked: FixtureCard[] = [];
  for (let start = 0; picked.length < count && start < step; start++)
    for (let i = start; i < cards.length && picked.length < count; i += step)
      if (fits(cards[i]!)) picked.push(cards[i]!);
  if (picked.length < count)
    throw new Error(`the catalog has ${picked.length} printings quick add can name, not ${count}`);
  let label = 0;
  return picked.map((card, n) => {
    if (n % 10 === 4) return card.id;
    if (n % 10 === 9 && rowIds.length) return labelCodeOf(rowIds[label++ % rowIds.length]!);
    return printed(card);
  });
}

/**
 * Sends every code once to quick add as the scenario will (nonfoil, NM, English) and ends the run unless each answers
 * 200 with an addition to undo: the rotation must hold no code that is unknown, ambiguous or refused.
 */
export async function checkQuickAddCodes(url: string, token: string, codes: string[]): Promise<void> {
  const refused: string[] = [];
  for (const code of new Set(codes)) {
    const res = await fetch(`${url}/api/shop/inventory/quick-add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, code }),
    });
    const body = (await res.json()) as { undo_id?: unknown; message?: string };
    if (res.status !== 200 || typeof body.undo_id !== 'number') refused.push(`${code}: ${res.status} ${body.message}`);
  }
  if (refused.length)
    throw new Error(`quick-add: ${refused.length} codes not added:\n  ${refused.slice(0, 10).join('\n  ')}`);
}
