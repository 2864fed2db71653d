import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown (status) instead of everything else when given: the user's role may not see this screen. */
  notAllowed?: string;
  /** Shown (alert) when given: there is no session token to make the call with. */
  notSignedIn?: string;
  /** Shown (status) while the query loads. */
  loading: string;
  /** Shown (alert) when the query failed: a text, or one made from the error. */
  failed: string | ((error: Error) => ReactNode);
  /** The screen, with the loaded data. */
  children: (data: T) => ReactNode;
}

/**
 * A screen's one query, in this order: why the screen is not shown (the role,
 * no session), loading, failed, or else its content with the loaded data.
 */
export function QueryState<T>({ query, notAllowed, notSignedIn, loading, failed, children }: QueryStateProps<T>) {
  if (notAllowed !== undefined) return <Note text={notAllowed} />;
  if (notSignedIn !== undefined) return <Note alert text={notSignedIn} />;
  if (query.isPending) return <Note text={loading} />;
  if (query.isError) return <Note alert text={typeof failed === 'string' ? failed : failed(query.error)} />;
  return children(query.data);
}

/** A muted status line, or a red alert. */
function Note({ text, alert = false }: { text: ReactNode; alert?: boolean }) {
  return (
    <p className={alert ? 'text-error' : 'muted'} role={alert ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
