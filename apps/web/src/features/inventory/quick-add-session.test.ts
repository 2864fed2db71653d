import { describe, expect, it } from 'vitest';
import type { QuickAddResponse } from '@cardstock/contract';
import {
  defaultsFrom,
  entryOf,
  firstDefaults,
  lastUndoable,
  totalsOf,
  withShortcut,
  type SessionEntry,
} from './quick-add-session.ts';
import { sessionCsv } from './quick-add-csv.ts';

/** A quick add's answer for a card row, as much of it as the session reads. */
const cardAnswer = (undo_id: number, name: string, price: number | null, label: string): QuickAddResponse =>
  ({
    message: '',
    undo_id,
    row: {
      card_name: name,
      card_setCode: 'mh3',
      card_collector_number: '241',
      card_scryfallid: `id-${name}`,
      inv_finish: 'foil',
      inv_quality: 'LP',
      inv_language: 'ja',
      inv_location: 'Box A-04',
      price,
      label_code: label,
    },
  }) as QuickAddResponse;

describe('quick add session', () => {
  it('reads f, e, n, 1–5, l and language codes as shortcuts, anything else as a code', () => {
    expect(withShortcut(firstDefaults, 'f')).toMatchObject({ finish: 'foil' });
    expect(withShortcut({ ...firstDefaults, finish: 'foil' }, 'F')).toMatchObject({ finish: 'nonfoil' });
    expect(withShortcut(firstDefaults, 'e')).toMatchObject({ finish: 'etched' });
    expect(withShortcut({ ...firstDefaults, finish: 'etched' }, 'n')).toMatchObject({ finish: 'nonfoil' });
    expect(withShortcut(firstDefaults, '3')).toMatchObject({ quality: 'MP' });
    expect(withShortcut(firstDefaults, '5')).toMatchObject({ quality: 'D' });
    expect(withShortcut(firstDefaults, 'l')).toMatchObject({ language: 'de' });
    expect(withShortcut({ ...firstDefaults, language: 'ph' }, 'l')).toMatchObject({ language: 'en' });
    expect(withShortcut(firstDefaults, ' JA ')).toMatchObject({ language: 'ja' });
    for (const code of ['6', 'fdn 1', 'mh3 241', '5010993', 'ff', 'Forest', 'e1'])
      expect(withShortcut(firstDefaults, code)).toBeUndefined();
  });

  it('keeps only valid defaults from another visit', () => {
    expect(defaultsFrom({ finish: 'foil', quality: 'XX', language: 'de', location: 'Box 1' })).toEqual({
      finish: 'foil',
      quality: 'NM',
      language: 'de',
      location: 'Box 1',
    });
    expect(defaultsFrom('junk')).toEqual(firstDefaults);
  });

  it('counts copies still added and their value in cents, undoes the newest first, writes a CSV by row', () => {
    const entries: SessionEntry[] = [
      { ...entryOf('mh3 241', cardAnswer(3, 'Bolt', 0.1, 'CS3X')) },
      { kind: 'failed', id: 'x', code: 'zzz 1', message: 'Nothing matches' },
      { ...entryOf('mh3 241', cardAnswer(2, 'Bolt', 0.2, 'CS3X')) },
      { ...entryOf('opt', cardAnswer(1, 'Opt, "the" card', null, 'CS4Y')) },
    ];
    expect(totalsOf(entries)).toEqual({ copies: 3, cents: 30, unpriced: 1 });
    expect(lastUndoable(entries)?.undo_id).toBe(3);
    const undone = entries.map((e) => (e.kind === 'added' && e.undo_id === 3 ? { ...e, undone: true } : e));
    expect(lastUndoable(undone)?.undo_id).toBe(2);
    expect(totalsOf(undone)).toEqual({ copies: 2, cents: 20, unpriced: 1 });
    expect(sessionCsv(undone).split('\n')).toEqual([
      'Name,Set code,Collector number,Scryfall ID,Finish,Condition,Language,Quantity,Price,Location,Kind,Label',
      '"Opt, ""the"" card",MH3,241,"id-Opt, ""the"" card",foil,LP,ja,1,,Box A-04,card,CS4Y',
      'Bolt,MH3,241,id-Bolt,foil,LP,ja,1,0.20,Box A-04,card,CS3X',
      '',
    ]);
  });
});
