import { messages, ZTeamInviteRequest, type TeamMember } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  addUserProblem,
  addUserTexts,
  defaultRole,
  joinName,
  lastUsedText,
  roleOptions,
  toTeamRows,
} from './team-view.ts';

const m = messages.team;

const member = (over: Partial<TeamMember> = {}): TeamMember => ({
  user_first_name: 'Ada',
  user_last_name: 'Lovelace',
  user_email: 'ada@example.com',
  role: 'Employee',
  is_owner: false,
  last_used: null,
  invitation_pending: false,
  ...over,
});

describe('joinName', () => {
  it('joins first and last name with one space', () => {
    expect(joinName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(joinName(' Ada ', ' King Lovelace ')).toBe('Ada King Lovelace');
  });

  it('leaves no stray space when a part is missing', () => {
    expect(joinName('Ada', '')).toBe('Ada');
    expect(joinName('', 'Lovelace')).toBe('Lovelace');
    expect(joinName('', '')).toBe('');
  });
});

describe('toTeamRows', () => {
  it('numbers the members from 1 in the server’s order and names them', () => {
    const rows = toTeamRows([
      member({ user_first_name: 'Olive', user_last_name: 'Owner', role: 'Owner', is_owner: true }),
      member(),
      member({ user_first_name: 'Bo', user_last_name: '', user_email: 'bo@example.com' }),
    ]);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.name)).toEqual(['Olive Owner', 'Ada Lovelace', 'Bo']);
    expect(rows[0]).toMatchObject({ is_owner: true, role: 'Owner' });
  });

  it('gives an empty list for no members', () => {
    expect(toTeamRows([])).toEqual([]);
  });
});

describe('lastUsedText', () => {
  it('shows a sign-in time in the given zone', () => {
    const shown = lastUsedText('2026-11-22T10:15:00.000Z', { locale: 'en-US', timeZone: 'America/New_York' });
    expect(shown).toContain('Nov 22, 2026');
    expect(shown).toContain('5:15:00');
  });

  it('reads no sign-in yet as "Never"', () => {
    expect(lastUsedText(null)).toBe('Never');
    expect(lastUsedText(undefined)).toBe('Never');
    expect(lastUsedText(' ')).toBe('Never');
  });
});

describe('roles', () => {
  it('offers Manager, Employee and Watcher, never Owner, and defaults to Watcher', () => {
    expect(roleOptions).toEqual(['Manager', 'Employee', 'Watcher']);
    expect(roleOptions).not.toContain('Owner');
    expect(roleOptions).toContain(defaultRole);
    expect(defaultRole).toBe('Watcher');
  });
});

describe('addUserProblem', () => {
  const good = { name: 'Ada Lovelace', email: 'ada@example.com', role: 'Employee' };

  it('accepts a full form', () => {
    expect(addUserProblem(good)).toBeUndefined();
    expect(addUserProblem({ ...good, email: ' Ada@Example.com ' })).toBeUndefined();
  });

  it('asks for all three fields when any is blank', () => {
    for (const blank of [{ name: '' }, { email: '  ' }, { role: '' }, { name: ' ', email: '', role: '' }]) {
      expect(addUserProblem({ ...good, ...blank })).toBe(m.fillAll);
    }
  });

  // The server's own rule: the same input is refused with the same words on both sides.
  const serverSays = (form: { name: string; email: string; role: string }) => {
    const parsed = ZTeamInviteRequest.safeParse({ token: 't', ...form });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('refuses an address that is not an e-mail address, as the server does', () => {
    for (const email of ['ada-at-example', 'ada@', '@example.com', 'ada@example', 'a..b@example.com', '.a@x.io']) {
      expect(addUserProblem({ ...good, email })).toBe(addUserTexts.badEmail);
      expect(serverSays({ ...good, email })).toBe(addUserTexts.badEmail);
    }
    for (const email of ['ada@example.com', "o'brien+shop@mail.example.co.uk", 'a_b-c@x-y.io']) {
      expect(addUserProblem({ ...good, email })).toBeUndefined();
      expect(serverSays({ ...good, email })).toBeUndefined();
    }
  });

  it('refuses a role one cannot give, Owner included, as the server does', () => {
    for (const role of ['Owner', 'Admin', 'watcher']) {
      expect(addUserProblem({ ...good, role })).toBe(addUserTexts.badRole);
      expect(serverSays({ ...good, role })).toBe(addUserTexts.badRole);
    }
  });
});
