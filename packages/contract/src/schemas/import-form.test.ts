import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { ZImportForm } from './import-form.ts';

const refusalOf = (form: object) => ZImportForm.safeParse(form).error?.issues[0]?.message;

describe('ZImportForm', () => {
  it('reads every field: picks from their JSON, a count as a number, flags, a one-line file name', () => {
    expect(
      ZImportForm.parse({
        import_id: 'shop-a-upload-000001',
        picks: '{"2": "ABC-def", "10": "x"}',
        mode: 'sync',
        confirm_zero_rows: '12',
        dry_run: 'true',
        accept_partial: 'true',
        file_name: '  stock\u0007\nlist.csv ',
        file: Buffer.from('ignored: the file goes beside the fields'),
      }),
    ).toEqual({
      import_id: 'shop-a-upload-000001',
      picks: new Map([
        [2, 'abc-def'],
        [10, 'x'],
      ]),
      mode: 'sync',
      confirm_zero_rows: 12,
      dry_run: true,
      accept_partial: true,
      file_name: 'stock  list.csv',
    });
  });

  it('takes nothing, and blank fields, as the defaults', () => {
    const defaults = { mode: 'add', dry_run: false, accept_partial: false };
    expect(ZImportForm.parse({})).toEqual(defaults);
    expect(
      ZImportForm.parse({ import_id: '', picks: '', mode: '', confirm_zero_rows: '', dry_run: 'yes', file_name: ' ' }),
    ).toEqual(defaults);
    expect(ZImportForm.parse({ file_name: 'x'.repeat(300) }).file_name).toHaveLength(200);
  });

  it('refuses a malformed field with its sentence, the first field first', () => {
    const m = messages.inventoryServer;
    expect(refusalOf({ picks: '[1]' })).toBe(m.picksInvalid);
    expect(refusalOf({ picks: '{"line": "x"}' })).toBe(m.picksInvalid);
    expect(refusalOf({ picks: '{"2": 7}' })).toBe(m.picksInvalid);
    expect(refusalOf({ picks: { 2: 'x' } })).toBe(m.picksInvalid);
    expect(refusalOf({ mode: 'replace' })).toBe(m.importModeInvalid);
    expect(refusalOf({ confirm_zero_rows: '1e3' })).toBe(m.confirmZeroRowsInvalid);
    expect(refusalOf({ import_id: 'short', mode: 'replace' })).toBe(
      'import_id must be 16 to 64 letters, digits or dashes.',
    );
  });
});
