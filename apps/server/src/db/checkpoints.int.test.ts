import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../test/harness.ts';
import { openDatabase } from './database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SQLite's checkpoints run on a thread of their own (`checkpointApart`): the server's commits never copy the log into
 * the file themselves, and yet the log is copied, so it stays short and readers fast.
 */
describe.runIf(testEngine === 'sqlite')('SQLite checkpoints, apart from the server thread (sqlite)', () => {
  it('copies committed pages into the file within a moment, while the server’s connection checkpoints nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoints-'));
    const file = path.join(dir, 'cardstock.sqlite');
    const database = openDatabase({ engine: 'sqlite', file });
    const { db } = database;
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table filler (id integer primary key, text text not null)`.execute(db);
      const before = fs.statSync(file).size;
      // About 4 MB in 40 commits: without a checkpoint all of it would stay in the log until the last connection closed.
      for (let i = 0; i < 40; i++)
        await db.transaction().execute(async (tx) => {
          for (let j = 0; j < 100; j++) await sql`insert into filler (text) values (${'x'.repeat(1000)})`.execute(tx);
        });
      let grown = 0;
      for (let waited = 0; waited < 3000 && grown < 4_000_000; waited += 50) {
        await sleep(50);
        grown = fs.statSync(file).size - before;
      }
      expect(grown).toBeGreaterThan(4_000_000);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
