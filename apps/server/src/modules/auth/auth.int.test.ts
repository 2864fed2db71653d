import { createHash } from 'node:crypto';
import { messages } from '@cardstock/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import { buildShop, createInvite, registrationBody, testClock, uniqueEmail } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail } from '../../../test/smtp.ts';
import { openDatabase } from '../../db/database.ts';

const HOUR = 60 * 60 * 1000;
const login = (server: TestServer, email: string, password: string) =>
  call(server, 'login', { email, password, turnstileToken: 'test-token' });

describe(`accounts (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(
      { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://cardstock.test' },
      { clock },
    );
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  describe('registration', () => {
    it('creates the shop and its Owner with a valid invite and answers a working token', async () => {
      const invite = await createInvite(server);
      const body = registrationBody(invite);
      const res = await call(server, 'register', body);
      expectOk(res);
      expect(res.body).toEqual({
        message: messages.auth.registered,
        token: expect.any(String),
        shop_name: 'Blue Dragon Games',
      });

      const user = await server.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', body.email)
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ role: 'Owner', first_name: 'Ada', last_name: 'Owner', platform_role: 'user' });
      const shop = await server.ctx.db
        .selectFrom('shops')
        .selectAll()
        .where('id', '=', user.shop_id)
        .executeTakeFirstOrThrow();
      expect(shop).toMatchObject({
        name: 'Blue Dragon Games',
        address: '12 Main St',
        phone: '555-0101',
        city: 'Springfield',
        zip: '12345',
        country: 'United States',
        state: 'IL',
        shop_hidden: 1,
      });
      const feedback = await call(server, 'feedback', { feedback_text: 'hi' }, { token: res.body.token });
      expectOk(feedback);
    });

    it('trims every value before storing it', async () => {
      const invite = await createInvite(server);
      const email = uniqueEmail();
      const res = await call(
        server,
        'register',
        registrationBody(`  ${invite} `, {
          email: ` ${email.toUpperCase()} `,
          shop_name: '  Trim Shop ',
          user_first_name: ' Bo ',
        }),
      );
      expectOk(res);
      expect(res.body.shop_name).toBe('Trim Shop');
      const user = await server.ctx.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user.first_name).toBe('Bo');
    });

    it('refuses a used invite code', async () => {
      const invite = await createInvite(server);
      expect((await call(server, 'register', registrationBody(invite))).status).toBe(200);
      const again = await call(server, 'register', registrationBody(invite));
      expectError(again, 409);
      expect(again.body).toEqual({ message: messages.auth.inviteUsed, code: 'CONFLICT' });
    });

    it('refuses an unknown invite code and an expired one', async () => {
      const unknown = await call(server, 'register', registrationBody('NOPE-NOPE-NOPE'));
      expectError(unknown, 400);
      expect(unknown.body).toEqual({ message: messages.auth.inviteUnknown, code: 'BAD_REQUEST' });

      const invite = await createInvite(server, { expiresInDays: 1 });
      clock.advance(25 * HOUR);
      const expired = await call(server, 'register', registrationBody(invite));
      expectError(expired, 400);
      expect(expired.body.message).toBe(messages.auth.inviteExpired);
    });

    it('refuses a duplicate e-mail and leaves the invite unused', async () => {
      const first = await buildShop(server);
      const invite = await createInvite(server);
      const shopsBefore = await server.ctx.db.selectFrom('shops').select('id').execute();
      const res = await call(server, 'register', registrationBody(invite, { email: first.email.toUpperCase() }));
      expectError(res, 409);
      expect(res.body.message).toBe(messages.auth.emailTaken);
      expect(await server.ctx.db.selectFrom('shops').select('id').execute()).toHaveLength(shopsBefore.length);
      const stillFree = await call(server, 'register', registrationBody(invite));
      expectOk(stillFree);
    });

    it('spends an invite code tried with three e-mails that have accounts, telling their holders', async () => {
      const holders = [await buildShop(server), await buildShop(server), await buildShop(server)];
      const invite = await createInvite(server);
      for (const holder of holders) {
        const res = await call(server, 'register', registrationBody(invite, { email: holder.email }));
        expectError(res, 409);
        expect(res.body.message).toBe(messages.auth.emailTaken);
        const notice = await waitForMail(smtp.mails, (m) => m.to.includes(holder.email));
        expect(decodedMail(notice)).toContain('Someone tried to register a new shop on Cardstock with this e-mail');
      }
      // A fourth address learns nothing, and the code no longer registers anyone: no one can probe with it.
      const probe = await call(
        server,
        'register',
        registrationBody(invite, { email: (await buildShop(server)).email }),
      );
      expectError(probe, 409);
      expect(probe.body.message).toBe(messages.auth.inviteSpent);
      const fresh = await call(server, 'register', registrationBody(invite));
      expectError(fresh, 409);
      expect(fresh.body.message).toBe(messages.auth.inviteSpent);
    });

    it.each([
      [{ password: '12345' }, 'Password must be at least 6 characters long'],
      [{ shop_name: '   ' }, 'Shop name is required.'],
      [{ user_first_name: '' }, 'First name is required.'],
      [{ user_last_name: '  ' }, 'Last name is required.'],
      [{ invite_code: '' }, 'Invite code is required.'],
      [{ email: 'nope' }, 'Email must be a valid e-mail address.'],
      [{ turnstileToken: '' }, 'CAPTCHA token is required.'],
    ])('refuses %o with "%s" and creates nothing', async (override, message) => {
      const invite = await createInvite(server);
      const before = await server.ctx.db.selectFrom('users').select('id').execute();
      const res = await call(server, 'register', registrationBody(invite, override));
      expectError(res, 400);
      expect(res.body.message).toBe(message);
      expect(await server.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
    });
  });

  describe('login and sessions', () => {
    it('answers the spec shape and stores only a hash of the token', async () => {
      const shop = await buildShop(server);
      const res = await login(server, shop.email, shop.password);
      expectOk(res);
      expect(res.body).toEqual({
        shop_name: shop.shopName,
        token: expect.stringMatching(/^[\w-]{43}$/),
        user_role: 'Owner',
        is_admin: false,
        message: messages.auth.loggedIn,
      });
      const sessions = await server.ctx.db.selectFrom('sessions').selectAll().execute();
      const token: string = res.body.token;
      expect(sessions.some((s) => s.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
      expect(JSON.stringify(sessions)).not.toContain(token);
      const user = await server.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', shop.email)
        .executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(user.password_hash).not.toContain(shop.password);
    });

    it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
      const shop = await buildShop(server);
      const wrong = await login(server, shop.email, 'not the password');
      const unknown = await login(server, uniqueEmail('ghost'), shop.password);
      expectError(wrong, 401);
      expectError(unknown, 401);
      expect(wrong.body).toEqual({ message: messages.auth.invalidCredentials, code: 'UNAUTHORIZED' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('logs out: the old token gets 401 at once', async () => {
      const shop = await buildShop(server);
      const { token } = bodyOf(await login(server, shop.email, shop.password));
      expectOk(await call(server, 'logout', { token }));
      const after = await call(server, 'feedback', { feedback_text: 'still here?' }, { token });
      expectError(after, 401);
      expect(after.body).toEqual({ message: messages.auth.sessionExpired, code: 'UNAUTHORIZED' });
    });

    it('accepts the token as Authorization: Bearer too', async () => {
      const shop = await buildShop(server);
      const res = await call(
        server,
        'feedback',
        { feedback_text: 'bearer works' },
        { headers: { authorization: `Bearer ${shop.token}` } },
      );
      expectOk(res);
    });

    it('expires a session after 24 hours of inactivity and renews it on use', async () => {
      const shop = await buildShop(server);
      clock.advance(20 * HOUR);
      expect((await call(server, 'feedback', { feedback_text: 'active' }, { token: shop.token })).status).toBe(200);
      clock.advance(20 * HOUR); // 40 h after login, 20 h after last use
      expect((await call(server, 'feedback', { feedback_text: 'active' }, { token: shop.token })).status).toBe(200);
      clock.advance(24 * HOUR + 1000);
      const res = await call(server, 'feedback', { feedback_text: 'too late' }, { token: shop.token });
      expectError(res, 401);
    });

    it('asks for a login when no token is sent', async () => {
      const res = await call(server, 'feedback', { feedback_text: 'anonymous' });
      expectError(res, 401);
      expect(res.body).toEqual({ message: messages.auth.sessionRequired, code: 'UNAUTHORIZED' });
    });
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
      const shop = await buildShop(server);
      const ghost = uniqueEmail('ghost');
      const known = await call(server, 'forgotPassword', { email: shop.email });
      const unknown = await call(server, 'forgotPassword', { email: ghost });
      expectOk(known);
      expectOk(unknown);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toEqual({ message: messages.forgotPassword.sent });
      await waitForMail(smtp.mails, (m) => m.to.includes(shop.email));
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mails.some((m) => m.to.includes(ghost))).toBe(false);
    });

    // The link's write waits here behind a lock another connection holds: the answer must not wait with it
    // (issue 38: its 3 ms told which accounts exist). PostgreSQL only: better-sqlite3 waits for a lock synchronously,
    // which would stop this test's own process, the server's too, until busy_timeout.
    it.runIf(testEngine === 'postgres')(
      'answers before the reset link is written and mailed, and still mails it once it can be written',
      async () => {
        const shop = await buildShop(server);
        const other = openDatabase(server.ctx.config.database);
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => (locked = resolve));
        const holding = other.db.transaction().execute(async (tx) => {
          await sql`lock table password_resets in exclusive mode`.execute(tx);
          locked();
          await released;
        });
        try {
          await isLocked;
          const answered = await Promise.race([
            call(server, 'forgotPassword', { email: shop.email }).then((res) => res.status),
            new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3000)),
          ]);
          expect(answered).toBe(200);
          expect(smtp.mails.some((m) => m.to.includes(shop.email))).toBe(false);
        } finally {
          release();
          await holding;
          await other.close();
        }
        await waitForMail(smtp.mails, (m) => m.to.includes(shop.email));
      },
    );

    it('resets with the mailed link once, ends other sessions, and refuses the link a second time', async () => {
      const shop = await buildShop(server);
      await call(server, 'forgotPassword', { email: shop.email });
      const mail = await waitForMail(smtp.mails, (m) => m.to.includes(shop.email));
      const token = /https:\/\/cardstock\.test\/reset-password\?token=([\w%-]+)/.exec(decodedMail(mail))?.[1];
      expect(token).toBeDefined();

      const reset = await call(server, 'resetPassword', {
        token: decodeURIComponent(token!),
        new_password: 'brand new pass',
      });
      expectOk(reset);
      expect(reset.body).toEqual({ message: messages.auth.resetDone });
      expect((await call(server, 'feedback', { feedback_text: 'x' }, { token: shop.token })).status).toBe(401);
      expect((await login(server, shop.email, shop.password)).status).toBe(401);
      expect((await login(server, shop.email, 'brand new pass')).status).toBe(200);

      const again = await call(server, 'resetPassword', {
        token: decodeURIComponent(token!),
        new_password: 'third pass!',
      });
      expectError(again, 400);
      expect(again.body.message).toBe(messages.auth.resetInvalid);
    });

    it('ends an older link when a newer one is sent, and every link when the password changes', async () => {
      const shop = await buildShop(server);
      const linkOf = async (count: number) => {
        await call(server, 'forgotPassword', { email: shop.email });
        await waitForMail(smtp.mails, () => smtp.mails.filter((m) => m.to.includes(shop.email)).length === count);
        const mail = smtp.mails.filter((m) => m.to.includes(shop.email))[count - 1]!;
        return decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
      };
      const older = await linkOf(1);
      const newer = await linkOf(2);
      const stale = await call(server, 'resetPassword', { token: older, new_password: 'from the old link' });
      expectError(stale, 400);
      expect(stale.body.message).toBe(messages.auth.resetInvalid);
      expectOk(await call(server, 'resetPassword', { token: newer, new_password: 'from the new link' }));
      expect((await login(server, shop.email, 'from the new link')).status).toBe(200);
      expect((await login(server, shop.email, 'from the old link')).status).toBe(401);
    });

    it('refuses a reset link older than an hour and an unknown one', async () => {
      const shop = await buildShop(server);
      await call(server, 'forgotPassword', { email: shop.email });
      const mail = await waitForMail(smtp.mails, (m) => m.to.includes(shop.email));
      const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
      clock.advance(HOUR + 1000);
      const late = await call(server, 'resetPassword', { token, new_password: 'too late pass' });
      expectError(late, 400);
      expect(late.body.message).toBe(messages.auth.resetInvalid);
      const bogus = await call(server, 'resetPassword', {
        token: 'made-up',
        new_password: 'whatever1',
      });
      expectError(bogus, 400);
      expect((await login(server, shop.email, shop.password)).status).toBe(200);
    });

    it('applies the password minimum to the new password', async () => {
      const res = await call(server, 'resetPassword', { token: 'anything', new_password: '123' });
      expectError(res, 400);
      expect(res.body.message).toBe('Password must be at least 6 characters long');
    });
  });

  describe('feedback', () => {
    it('stores the text with the user, the shop and the type', async () => {
      const shop = await buildShop(server);
      const res = await call(
        server,
        'feedback',
        { feedback_text: ' Love it ', feedback_type: 'General' },
        { token: shop.token },
      );
      expectOk(res);
      const row = await server.ctx.db
        .selectFrom('feedback')
        .innerJoin('users', 'users.id', 'feedback.user_id')
        .innerJoin('shops', 'shops.id', 'feedback.shop_id')
        .select(['feedback.text', 'feedback.type', 'users.email', 'shops.name'])
        .where('users.email', '=', shop.email)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ text: 'Love it', type: 'general', email: shop.email, name: shop.shopName });
    });

    it('refuses blank text and unknown types', async () => {
      const shop = await buildShop(server);
      const blank = await call(server, 'feedback', { feedback_text: '  ' }, { token: shop.token });
      expectError(blank, 400);
      const odd = await server.request('POST', '/api/feedback', {
        token: shop.token,
        feedback_text: 'x',
        feedback_type: 'rant',
      });
      expect(odd.status).toBe(400);
      expect(odd.body.message).toMatch(/^Feedback type must be one of/);
    });
  });
});

describe(`login limits that fit shops behind one address (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = testClock();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The proxy in front is this machine: X-Forwarded-For names the client, as behind a real one.
    server = await startServer(
      { TRUST_PROXY: 'loopback', SMTP_URL: smtp.url, PUBLIC_URL: 'https://cardstock.test' },
      { clock },
    );
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
  const loginFrom = (address: string, email: string, password: string) =>
    call(server, 'login', { email, password, turnstileToken: 'test-token' }, from(address));

  it("stops one account's mistyping PC after 5 failures, never another account at the same address", async () => {
    const counter = await buildShop(server);
    const office = await buildShop(server);
    for (let i = 0; i < 5; i++) expect((await loginFrom('203.0.113.7', counter.email, 'wrong')).status).toBe(401);
    const locked = await loginFrom('203.0.113.7', counter.email, counter.password);
    expectError(locked, 429);
    expect(locked.body.message).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    // The shop's other account at the same address, and the same account elsewhere, log in.
    expect((await loginFrom('203.0.113.7', office.email, office.password)).status).toBe(200);
    expect((await loginFrom('198.51.100.2', counter.email, counter.password)).status).toBe(200);
  });

  it('still locks an account after 10 failures from anywhere, for 15 minutes', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) expect((await loginFrom(`192.0.2.${i}`, email, 'wrong')).status).toBe(401);
    const res = await loginFrom('192.0.2.200', email, 'wrong');
    expectError(res, 429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('mails the holder of a locked account a link that unlocks it, once, within the hour', async () => {
    const unlockLink = async (email: string) => {
      const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email) && /unlock-account/.test(decodedMail(m)));
      return decodeURIComponent(/unlock-account\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
    };
    const owner = await buildShop(server);
    for (let i = 0; i < 10; i++) expect((await loginFrom(`192.0.2.${i}`, owner.email, 'wrong')).status).toBe(401);
    expectError(await loginFrom('198.51.100.7', owner.email, owner.password), 429);
    const token = await unlockLink(owner.email);
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toHaveLength(1);

    const unlocked = await call(server, 'unlockAccount', { token }, from('198.51.100.7'));
    expectOk(unlocked);
    expect(unlocked.body).toEqual({ message: messages.auth.unlockDone });
    expect((await loginFrom('198.51.100.7', owner.email, owner.password)).status).toBe(200);
    // Once only.
    const again = await call(server, 'unlockAccount', { token }, from('198.51.100.7'));
    expectError(again, 400);
    expect(again.body.message).toBe(messages.auth.unlockInvalid);

    // A link older than an hour does nothing, and an unknown e-mail gets no mail at all.
    const late = await buildShop(server);
    for (let i = 0; i < 10; i++) expect((await loginFrom(`192.0.2.${i}`, late.email, 'wrong')).status).toBe(401);
    const lateToken = await unlockLink(late.email);
    clock.advance(HOUR + 1000);
    expectError(await call(server, 'unlockAccount', { token: lateToken }), 400);
    expectError(await loginFrom('198.51.100.8', late.email, late.password), 429);
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < 10; i++) await loginFrom(`192.0.2.${i}`, nobody, 'wrong');
    expectError(await call(server, 'unlockAccount', { token: 'made-up' }), 400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.some((m) => m.to.includes(nobody))).toBe(false);
  });

  it('a success forgets the failures of that account at that address', async () => {
    const shop = await buildShop(server);
    for (let i = 0; i < 4; i++) expect((await loginFrom('203.0.113.50', shop.email, 'wrong')).status).toBe(401);
    expect((await loginFrom('203.0.113.50', shop.email, shop.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await loginFrom('203.0.113.50', shop.email, 'wrong')).status).toBe(401);
    expect((await loginFrom('203.0.113.50', shop.email, shop.password)).status).toBe(200);
  });

  it('stops an address that tries many accounts after 50 failures', async () => {
    for (let i = 0; i < 50; i++) expect((await loginFrom('203.0.113.99', uniqueEmail(), 'wrong')).status).toBe(401);
    expectError(await loginFrom('203.0.113.99', uniqueEmail(), 'wrong'), 429);
    expect((await loginFrom('203.0.113.98', uniqueEmail(), 'wrong')).status).toBe(401);
  });
});
