import type { ReactNode } from 'react';

/** The closing band of a public page: a heading and a line on the left, an action on the right. */
export function CtaBand({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className="card cta-band">
        <div>
          <h2 id={id}>{title}</h2>
          <p className="muted">{children}</p>
        </div>
        {action}
      </div>
    </section>
  );
}
