import type { ReactNode } from 'react';

/** A table's only row when it has none to show: the loading or the empty text, across every column. */
export function TableMessageRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="muted">
        {children}
      </td>
    </tr>
  );
}
