import {
  finishNames,
  finishOf,
  languageNames,
  languageOf,
  messages,
  ZZeroedRow,
  type ActivityEntry,
  type ZeroedRow,
} from '@cardstock/contract';

const m = messages.activity;

/** The rows an `inventory.import` entry set to 0: its structured rows, or an older entry's sentence per row. */
export function zeroedRowsOf(entry: ActivityEntry): { rows: (ZeroedRow | string)[]; more: number } {
  const listed = entry.action === 'inventory.import' ? entry.detail?.zeroed_rows : undefined;
  if (!Array.isArray(listed)) return { rows: [], more: 0 };
  const rows = (listed as unknown[]).flatMap((row): (ZeroedRow | string)[] => {
    if (typeof row === 'string') return [row];
    const parsed = ZZeroedRow.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
  const more = entry.detail?.zeroed_rows_more;
  return { rows, more: typeof more === 'number' ? more : 0 };
}

/**
 * The rows a sync set to 0, folded under the entry's sentence: name, set and number, finish, condition, language
 * (and flags), with the copies each had, so the owner can put back what a wrong file took.
 */
export function ZeroedRows({ entry }: { entry: ActivityEntry }) {
  const { rows, more } = zeroedRowsOf(entry);
  if (rows.length === 0) return null;
  return (
    <details className="activity-zeroed">
      <summary>{m.zeroedShow(rows.length + more)}</summary>
      <table className="table">
        <caption className="visually-hidden">{m.zeroedCaption}</caption>
        <thead>
          <tr>
            <th>Name</th>
            <th>Set</th>
            <th>Number</th>
            <th>Finish</th>
            <th>Condition</th>
            <th>Language</th>
            <th>Copies</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) =>
            typeof row === 'string' ? (
              <tr key={i}>
                <td colSpan={7}>{row}</td>
              </tr>
            ) : (
              <tr key={i}>
                <td>
                  {row.name}
                  {row.signed ? ' (signed)' : ''}
                  {row.altered ? ' (altered)' : ''}
                </td>
                <td>{row.set_code.toUpperCase()}</td>
                <td>{row.collector_number}</td>
                <td>{finishNames[finishOf(row.finish)]}</td>
                <td>{row.quality}</td>
                <td>{languageNames[languageOf(row.language)]}</td>
                <td>{row.quantity}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      {more > 0 && <p className="muted">{m.zeroedMore(more)}</p>}
    </details>
  );
}
