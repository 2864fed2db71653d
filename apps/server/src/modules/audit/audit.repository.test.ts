import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../db/schema.ts';
import { auditRepository, type AuditEntry } from './audit.repository.ts';

/** A database that runs nothing and keeps each statement's values: what `record` would write. */
function capturing() {
  const written: unknown[][] = [];
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event) => void written.push([...event.query.parameters]),
  });
  return { db, written };
}

const who = {
  shop_id: 7,
  actor: 'owner@example.com',
  subject: 'rita@example.com',
  created_at: '2026-06-01T09:00:00.000Z',
};

describe('the audit recorder (issue 40)', () => {
  it('stores the detail as its JSON text, keys in the order the call site wrote them, {} when empty', async () => {
    const { db, written } = capturing();
    await auditRepository.record(db, { ...who, action: 'team.role', detail: { from: 'Employee', to: 'Manager' } });
    await auditRepository.record(db, { ...who, action: 'order.confirm', detail: {} });
    await auditRepository.record(db, {
      ...who,
      action: 'inventory.edit',
      detail: { finish: 'foil', quality: 'NM', language: 'en', quantity: 2, asking_price: null },
    });
    expect(written.map((values) => values.find((v) => typeof v === 'string' && v.startsWith('{')))).toEqual([
      '{"from":"Employee","to":"Manager"}',
      '{}',
      '{"finish":"foil","quality":"NM","language":"en","quantity":2,"asking_price":null}',
    ]);
    expect(written[0]).toEqual([
      7,
      'owner@example.com',
      'team.role',
      'rita@example.com',
      expect.any(String),
      who.created_at,
    ]);
  });

  it('takes an action only with its own detail (a compile error otherwise)', () => {
    const right = { ...who, action: 'team.invite', detail: { role: 'Manager' } } satisfies AuditEntry;
    // @ts-expect-error: a team invitation keeps the role it gave, not a reason.
    const wrong: AuditEntry = { ...who, action: 'team.invite', detail: { reason: 'welcome' } };
    // @ts-expect-error: an action the contract does not list is no entry.
    const unknown: AuditEntry = { ...who, action: 'team.promote', detail: {} };
    expect([right.action, wrong.action, unknown.action]).toEqual(['team.invite', 'team.invite', 'team.promote']);
  });
});
