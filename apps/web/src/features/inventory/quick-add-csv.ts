import { amountText } from '@cardstock/contract';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { live, type Added, type SessionEntry } from './quick-add-session.ts';

/**
 * What the session added as a CSV (one line per row or product, its copies counted), in the columns a spreadsheet
 * import reads back: name, set, number, Scryfall id, finish, condition, language, quantity, price, location.
 */
export function sessionCsv(entries: readonly SessionEntry[]): string {
  const lines = new Map<string, { entry: Added; quantity: number }>();
  // Oldest first: the order the copies were added.
  for (const entry of [...live(entries)].reverse()) {
    const key = entry.sealed ? `sealed|${entry.name}` : entry.label;
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else lines.set(key, { entry, quantity: 1 });
  }
  return stringify(
    [...lines.values()].map(({ entry: e, quantity }) => [
      e.name,
      e.set_code,
      e.collector_number,
      e.scryfall_id,
      e.finish,
      e.quality,
      e.language,
      quantity,
      e.price === null ? '' : amountText(e.price),
      e.location,
      e.sealed ? 'sealed' : 'card',
      e.label,
    ]),
    {
      header: true,
      columns: [
        'Name',
        'Set code',
        'Collector number',
        'Scryfall ID',
        'Finish',
        'Condition',
        'Language',
        'Quantity',
        'Price',
        'Location',
        'Kind',
        'Label',
      ],
    },
  );
}
