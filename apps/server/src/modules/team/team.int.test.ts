import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop, testClock, uniqueEmail } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail } from '../../../test/smtp.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`team (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let shop: Awaited<ReturnType<typeof buildShop>>;
  const clock = testClock();

  const team = (token = shop.token) => server.request('POST', '/api/team/list', { token });
  const invite = (email: string, role?: string, token = shop.token) =>
    server.request('POST', '/api/team/invite', { token, name: 'Ada Lovelace', email, ...(role ? { role } : {}) });
  const login = (email: string, password: string) =>
    server.request('POST', '/api/login', { email, password, turnstileToken: 't' });
  /** Invites and accepts: a logged-in member. */
  async function join(role: string) {
    const email = uniqueEmail(role.toLowerCase());
    await invite(email, role);
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email));
    const token = decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
    await server.request('POST', '/api/team/accept', { token, password: 'member pass' });
    return { email, token: (await login(email, 'member pass')).body.token as string };
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(
      { SMTP_URL: smtp.url, RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://cardstock.test' },
      { clock },
    );
    shop = await buildShop(server);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('lists the Owner alone at first', async () => {
    const res = await team();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          user_first_name: expect.any(String),
          user_last_name: expect.any(String),
          user_email: shop.email,
          role: 'Owner',
          is_owner: true,
          last_used: expect.stringMatching(/Z$/),
          invitation_pending: false,
        },
      ],
    });
  });

  it('invites a member: listed at once, mailed a link that sets a password once, then they log in', async () => {
    const email = uniqueEmail('employee');
    const res = await invite(email.toUpperCase(), 'Employee');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Invitation sent to ${email}.`);
    expect((await team()).body.data[1]).toEqual({
      user_first_name: 'Ada',
      user_last_name: 'Lovelace',
      user_email: email,
      role: 'Employee',
      is_owner: false,
      last_used: null,
      invitation_pending: true,
    });
    expect((await login(email, 'anything at all')).status).toBe(401);

    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email));
    const link = /https:\/\/cardstock\.test\/accept-invite\?token=([\w%-]+)/.exec(decodedMail(mail));
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const short = await server.request('POST', '/api/team/accept', { token, password: '123' });
    expect(short.status).toBe(400);
    const accepted = await server.request('POST', '/api/team/accept', { token, password: 'employee pass' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({
      message: messages.teamServer.accepted(shop.shopName),
      shop_name: shop.shopName,
      email,
    });
    const again = await server.request('POST', '/api/team/accept', { token, password: 'other pass' });
    expect(again.body.message).toBe(messages.teamServer.inviteInvalid);
    const session = await login(email, 'employee pass');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ shop_name: shop.shopName, user_role: 'Employee' });
    const listed = (await team()).body.data.find((m: { user_email: string }) => m.user_email === email);
    expect(listed).toMatchObject({ invitation_pending: false, last_used: expect.stringMatching(/Z$/) });
  });

  it('defaults to Watcher, refuses a taken e-mail and a made-up role', async () => {
    const email = uniqueEmail('watcher');
    await invite(email);
    expect((await team()).body.data.find((m: { user_email: string }) => m.user_email === email).role).toBe('Watcher');
    const taken = await invite(shop.email, 'Manager');
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.teamServer.emailTaken);
    const owner = await invite(uniqueEmail(), 'Owner');
    expect(owner.status).toBe(400);
    expect(owner.body.message).toBe('Role must be Manager, Employee or Watcher.');
  });

  it('changes a role, and the member’s next call is judged by the new one', async () => {
    const member = await join('Employee');
    const add = () =>
      server.request('POST', '/api/shop/sealed/add', {
        token: member.token,
        name: 'Play Booster Box',
        category: 'Booster Box',
        price: 100,
        quantity: 1,
      });
    expect((await add()).status).toBe(200);
    const res = await server.request('POST', '/api/team/update-role', {
      token: shop.token,
      email: member.email,
      role: 'Watcher',
    });
    expect(res.body).toEqual({ success: true, message: `${member.email} is now a Watcher.` });
    const refused = await add();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('A Watcher cannot add or edit inventory.');
  });

  it('removes a member and ends their sessions at once; the Owner can be neither changed nor removed', async () => {
    const member = await join('Manager');
    expect((await server.request('POST', '/api/pending', { token: member.token })).status).toBe(200);
    const res = await server.request('POST', '/api/team/remove', { token: shop.token, email: member.email });
    expect(res.body.message).toBe(`${member.email} was removed from the team.`);
    expect((await server.request('POST', '/api/pending', { token: member.token })).status).toBe(401);
    expect((await team()).body.data.map((m: { user_email: string }) => m.user_email)).not.toContain(member.email);

    for (const [path, body] of [
      ['/api/team/update-role', { email: shop.email, role: 'Watcher' }],
      ['/api/team/remove', { email: shop.email }],
    ] as const) {
      const owner = await server.request('POST', path, { token: shop.token, ...body });
      expect(owner.status).toBe(403);
      expect(owner.body.message).toBe(messages.teamServer.ownerFixed);
    }
  });

  it('leaves the team to the Owner, and to each shop its own', async () => {
    const manager = await join('Manager');
    const refused = await team(manager.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('A Manager cannot manage the team.');
    expect((await invite(uniqueEmail(), 'Employee', manager.token)).status).toBe(403);

    const other = await buildShop(server);
    expect((await team(other.token)).body.data).toHaveLength(1);
    const steal = await server.request('POST', '/api/team/remove', { token: other.token, email: manager.email });
    expect(steal.status).toBe(404);
    const promote = await server.request('POST', '/api/team/update-role', {
      token: other.token,
      email: manager.email,
      role: 'Watcher',
    });
    expect(promote.status).toBe(404);
  });

  // Last: the clock jumps a week, past every session.
  it('lets an invitation lapse after 7 days', async () => {
    const email = uniqueEmail('late');
    await invite(email, 'Manager');
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email));
    const token = decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
    clock.advance(7 * DAY + 1000);
    const late = await server.request('POST', '/api/team/accept', { token, password: 'too late pass' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.teamServer.inviteInvalid);
  });
});
