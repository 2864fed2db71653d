const count = new Intl.NumberFormat('en-US');

/** A row of labelled figures (reports, analytics, store details). */
export function Figures({ label, items }: { label: string; items: readonly [string, number | string][] }) {
  return (
    <dl className="admin-figures" aria-label={label}>
      {items.map(([name, value]) => (
        <div className="admin-figure" key={name}>
          <dt>{name}</dt>
          <dd>{typeof value === 'number' ? count.format(value) : value}</dd>
        </div>
      ))}
    </dl>
  );
}
