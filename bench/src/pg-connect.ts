import type pg from 'pg';

/**
 * A PostgreSQL client or pool of the bench's own that hears the 'error' the server sends to an idle connection (its
 * database dropped, PostgreSQL restarted): told, and the next query fails with its own error; unheard, the event would
 * end the whole run.
 */
export function heard<T extends pg.Client | pg.Pool>(connection: T, what: string): T {
  (connection as pg.Client).on('error', (err: Error) => console.error(`  ${what} to PostgreSQL ended: ${err.message}`));
  return connection;
}
