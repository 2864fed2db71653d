import { messages } from '@cardstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, call, expectError, expectOk } from '../../../test/client.ts';
import { shop as buildShop, testClock, uniqueEmail, type Shop } from '../../../test/factories.ts';
import { startServer, testEngine, type TestServer } from '../../../test/harness.ts';
import { decodedMail, startSmtpServer, waitForMail } from '../../../test/smtp.ts';

const DAY = 24 * 60 * 60 * 1000;

describe(`team (${testEngine})`, () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let shop: Shop;
  const clock = testClock();

  const team = (token = shop.token) => api(server, token).call('teamList');
  const invite = (email: string, role?: string, token = shop.token) =>
    api(server, token).call('teamInvite', { name: 'Ada Lovelace', email, ...(role ? { role } : {}) });
  const login = (email: string, password: string) => call(server, 'login', { email, password, turnstileToken: 't' });
  // `token` here is the invitation's token from the mail, not a session.
  const accept = (token: string, password: string) => call(server, 'teamAccept', { token, password });
  /** Invites and accepts: a logged-in member. */
  async function join(role: string) {
    const email = uniqueEmail(role.toLowerCase());
    await invite(email, role);
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email));
    const token = decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
    await accept(token, 'member pass');
    return { email, token: bodyOf(await login(email, 'member pass')).token };
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
    expectOk(res);
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
    expectOk(res);
    expect(res.body.message).toBe(`Invitation sent to ${email}.`);
    expect(bodyOf(await team()).data[1]).toEqual({
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
    const short = await accept(token, '123');
    expect(short.status).toBe(400);
    const accepted = await accept(token, 'employee pass');
    expectOk(accepted);
    expect(accepted.body).toEqual({
      message: messages.teamServer.accepted(shop.shopName),
      shop_name: shop.shopName,
      email,
    });
    const again = await accept(token, 'other pass');
    expect(again.body.message).toBe(messages.teamServer.inviteInvalid);
    const session = await login(email, 'employee pass');
    expectOk(session);
    expect(session.body).toMatchObject({ shop_name: shop.shopName, user_role: 'Employee' });
    const listed = bodyOf(await team()).data.find((m) => m.user_email === email);
    expect(listed).toMatchObject({ invitation_pending: false, last_used: expect.stringMatching(/Z$/) });
  });

  it('defaults to Watcher, refuses a member of the team again and a made-up role', async () => {
    const email = uniqueEmail('watcher');
    await invite(email);
    expect(bodyOf(await team()).data.find((m) => m.user_email === email)?.role).toBe('Watcher');
    const again = await invite(email.toUpperCase(), 'Manager');
    expectError(again, 409);
    expect(again.body.message).toBe(`${email} is already on your team.`);
    const theOwner = await invite(shop.email, 'Manager');
    expectError(theOwner, 409);
    expect(theOwner.body.message).toBe(messages.teamServer.alreadyOnTeam(shop.email));
    const owner = await invite(uniqueEmail(), 'Owner');
    expectError(owner, 400);
    expect(owner.body.message).toBe('Role must be Manager, Employee or Watcher.');
  });

  it('answers an invitation of another shop’s account as any other, and tells that account’s holder instead', async () => {
    const other = await buildShop(server);
    const stranger = uniqueEmail('stranger');
    const fresh = await invite(stranger, 'Employee');
    const taken = await invite(other.email, 'Employee');
    expectOk(fresh);
    expectOk(taken);
    // The same answer, with only the address differing: nothing tells the Owner the address has an account.
    expect(taken.body).toEqual({ message: messages.teamServer.invited(other.email) });
    expect(fresh.body).toEqual({ message: messages.teamServer.invited(stranger) });
    expect(taken.status).toBe(fresh.status);
    // No member was made, the other shop's account is untouched, and its holder learns why no invitation came.
    expect(bodyOf(await team()).data.map((m) => m.user_email)).not.toContain(other.email);
    expectOk(await login(other.email, other.password));
    const notice = await waitForMail(smtp.mails, (m) => m.to.includes(other.email));
    expect(decodedMail(notice)).toContain('already has a Cardstock account');
    expect(decodedMail(notice)).not.toContain('accept-invite');
  });

  it('changes a role, and the member’s next call is judged by the new one', async () => {
    const member = await join('Employee');
    const box = { name: 'Play Booster Box', category: 'Booster Box', price: 100, quantity: 1 } as const;
    // The Owner prices the product (a price is the Owner's or a Manager's, issue 38); an Employee adds copies of it.
    expect((await api(server, shop).call('sealedAdd', box)).status).toBe(200);
    const add = () => api(server, member).call('sealedAdd', box);
    expect((await add()).status).toBe(200);
    const res = await api(server, shop).call('teamUpdateRole', { email: member.email, role: 'Watcher' });
    expect(res.body).toEqual({ success: true, message: `${member.email} is now a Watcher.` });
    const refused = await add();
    expectError(refused, 403);
    expect(refused.body.message).toBe('A Watcher cannot add or edit inventory.');
  });

  it('removes a member and ends their sessions at once; the Owner can be neither changed nor removed', async () => {
    const member = await join('Manager');
    const owner = api(server, shop);
    expect((await api(server, member).call('pendingOrders')).status).toBe(200);
    const res = await owner.call('teamRemove', { email: member.email });
    expect(res.body.message).toBe(`${member.email} was removed from the team.`);
    expect((await api(server, member).call('pendingOrders')).status).toBe(401);
    expect(bodyOf(await team()).data.map((m) => m.user_email)).not.toContain(member.email);

    for (const refused of [
      await owner.call('teamUpdateRole', { email: shop.email, role: 'Watcher' }),
      await owner.call('teamRemove', { email: shop.email }),
    ]) {
      expectError(refused, 403);
      expect(refused.body.message).toBe(messages.teamServer.ownerFixed);
    }
  });

  it('leaves the team to the Owner, and to each shop its own', async () => {
    const manager = await join('Manager');
    const refused = await team(manager.token);
    expectError(refused, 403);
    expect(refused.body.message).toBe('A Manager cannot manage the team.');
    expect((await invite(uniqueEmail(), 'Employee', manager.token)).status).toBe(403);

    const other = await buildShop(server);
    expect(bodyOf(await team(other.token)).data).toHaveLength(1);
    const stranger = api(server, other);
    const steal = await stranger.call('teamRemove', { email: manager.email });
    expect(steal.status).toBe(404);
    const promote = await stranger.call('teamUpdateRole', { email: manager.email, role: 'Watcher' });
    expect(promote.status).toBe(404);
  });

  // Last: the clock jumps a week, past every session.
  it('lets an invitation lapse after 7 days', async () => {
    const email = uniqueEmail('late');
    await invite(email, 'Manager');
    const mail = await waitForMail(smtp.mails, (m) => m.to.includes(email));
    const token = decodeURIComponent(/accept-invite\?token=([\w%-]+)/.exec(decodedMail(mail))![1]!);
    clock.advance(7 * DAY + 1000);
    const late = await accept(token, 'too late pass');
    expectError(late, 400);
    expect(late.body.message).toBe(messages.teamServer.inviteInvalid);
  });
});
