import { cookies, messages, type TeamMember } from '@cardstock/contract';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { uniqueEmail, useSession, type Account } from './support/accounts.ts';
import { api, bodyOf, expectStatus, isCall, routesTagged } from './support/api.ts';
import { importFixtureCatalog } from './support/catalog.ts';
import { baseURL } from './support/env.ts';
import { waitForMail } from './support/mail.ts';
import { registerShop } from './support/seed.ts';

const m = messages.team;
/** Every call of the team screen: a screen that may not manage the team makes none of them. */
const teamRoutes = routesTagged('team');

test.beforeAll(() => importFixtureCatalog());

async function listTeam(request: APIRequestContext, account: Account): Promise<TeamMember[]> {
  return bodyOf(await api(request, account).call('teamList')).data;
}

async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === cookies.authToken);
  expect(cookie, 'the auth_token cookie').toBeDefined();
  return decodeURIComponent(cookie!.value);
}

/** One card of the card fixture, by name. */
async function cardId(request: APIRequestContext, q: string): Promise<string> {
  const found = bodyOf(await api(request).call('cardSearch', { q }));
  expect(found.data.length).toBeGreaterThan(0);
  return found.data[0]!.id;
}

test('the Owner invites an Employee, who joins; the Owner demotes them to Watcher, then removes them', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await registerShop(request, 'Guild Hall Games');
  await useSession(context, owner);
  await page.goto('/sub-account-management');
  await expect(page.getByRole('heading', { name: 'Sub-Account Management' })).toBeVisible();
  await expect(page.getByRole('link', { name: messages.common.backToDashboard })).toHaveAttribute('href', '/dashboard');

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Role', 'Last Used', 'Edit']);
  const ownerRow = table.getByRole('row', { name: new RegExp(owner.email) });
  await expect(ownerRow).toContainText('Olive Owner');
  await expect(ownerRow.getByRole('cell').nth(2)).toHaveText('Owner');
  await expect(ownerRow.getByRole('button')).toHaveCount(0);

  // A missing field is refused before anything is sent; a new user starts as a Watcher.
  let invites = 0;
  page.on('request', (r) => {
    if (isCall(r, 'teamInvite')) invites += 1;
  });
  await page.getByRole('button', { name: '+ Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await expect(add.getByLabel('Role')).toHaveValue('Watcher');
  await expect(add.getByLabel('Role').getByRole('option')).toHaveText(['Manager', 'Employee', 'Watcher']);
  await expect(add.getByLabel('Email')).toHaveAttribute('type', 'email');
  await add.getByLabel('Name').fill('Ed Employee');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(m.fillAll)).toBeVisible();
  expect(invites).toBe(0);

  // The close control and Cancel both leave without adding.
  await add.getByRole('button', { name: 'Close' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('button', { name: '+ Add User' }).click();
  await expect(add.getByLabel('Name')).toHaveValue('');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toBeHidden();

  const email = uniqueEmail('employee');
  await page.getByRole('button', { name: '+ Add User' }).click();
  await add.getByLabel('Name').fill('Ed Employee');
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Role').selectOption('Employee');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(messages.teamServer.invited(email))).toBeVisible();
  await expect(add).toBeHidden();
  const memberRow = table.getByRole('row', { name: new RegExp(email) });
  await expect(memberRow.getByRole('cell').first()).toHaveText(/Ed Employee\s*Invited/);
  await expect(memberRow.getByRole('cell').nth(2)).toHaveText('Employee');
  await expect(memberRow.getByRole('cell').nth(3)).toHaveText('Never');
  await expect(memberRow.getByRole('button', { name: 'Edit' })).toBeVisible();

  // The invitation reaches the mailbox; its link is opened on this server in a browser of the member's own.
  const mail = await waitForMail((mm) => !Array.isArray(mm.to) && mm.to?.text === email);
  const link = /https?:\/\/\S+\/accept-invite\?token=\S+/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const invitePath = new URL(link!).pathname + new URL(link!).search;

  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(invitePath);
  await expect(memberPage.getByRole('heading', { name: m.acceptTitle })).toBeVisible();
  await memberPage.getByLabel('New Password').fill('a member password');
  await memberPage.getByLabel('Confirm Password').fill('a member passwort');
  await memberPage.getByRole('button', { name: 'Join' }).click();
  await expect(memberPage.getByRole('alert')).toHaveText(messages.resetPassword.mismatch);
  await memberPage.getByLabel('Confirm Password').fill('a member password');
  await memberPage.getByRole('button', { name: 'Join' }).click();
  await expect(memberPage.getByRole('status')).toHaveText(messages.teamServer.accepted('Guild Hall Games'));
  await memberPage.getByRole('link', { name: 'Go to Login' }).click();
  await expect(memberPage).toHaveURL(/\/login$/);
  await expect(memberPage.getByLabel('Email')).toHaveValue('');
  await memberPage.getByLabel('Email').fill(email);
  await memberPage.getByLabel('Password').fill('a member password');
  await memberPage.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  const memberToken = await tokenOf(memberContext);

  // An Employee may add inventory.
  const scryfallId = await cardId(request, 'lightning bolt');
  const member = api(request, memberToken);
  const addCard = () =>
    member.call('inventoryAdd', { scryfall_id: scryfallId, quantity: 1, foil: false, quality: 'NM' });
  bodyOf(await addCard());

  // The dashboard offers an Employee no team, billing, device or settings screens.
  const tiles = memberPage.getByRole('navigation', { name: 'Dashboard' });
  await expect(tiles.getByRole('link', { name: /Inventory Management/ })).toBeVisible();
  for (const hidden of [/Sub-Accounts/, /Subscription/, /Device Manager/, /Shop Settings/])
    await expect(tiles.getByRole('link', { name: hidden })).toHaveCount(0);

  // …and confirms an order from Order Management.
  const { order_number: orderNumber } = bodyOf(
    await member.call('placeOrder', { items: [{ scryfall_id: scryfallId, finish: 'nonfoil', quantity: 1 }] }),
  );
  await memberPage.goto('/order-management');
  await memberPage
    .getByRole('row', { name: new RegExp(orderNumber) })
    .getByRole('button', { name: 'Review' })
    .click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  await expect(memberPage.getByText(messages.orders.confirmed)).toBeVisible();

  // …but not manage the team: the page says so, shows no controls and calls nothing.
  let teamCalls = 0;
  memberPage.on('request', (r) => {
    if (isCall(r, ...teamRoutes)) teamCalls += 1;
  });
  await memberPage.goto('/sub-account-management');
  await expect(memberPage.getByText(m.ownerOnly)).toBeVisible();
  await expect(memberPage.getByRole('button', { name: '+ Add User' })).toHaveCount(0);
  await expect(memberPage.getByRole('table')).toHaveCount(0);
  expect(teamCalls).toBe(0);

  // Reusing the invitation link is refused with the server's words.
  await memberPage.goto(invitePath);
  await memberPage.getByLabel('New Password').fill('another password');
  await memberPage.getByLabel('Confirm Password').fill('another password');
  await memberPage.getByRole('button', { name: 'Join' }).click();
  await expect(memberPage.getByRole('alert')).toHaveText(messages.teamServer.inviteInvalid);

  // Back with the Owner: the member has chosen a password, so the Invited badge is gone.
  await page.reload();
  await expect(memberRow.getByRole('cell').first()).toHaveText('Ed Employee');

  // Edit, Cancel: nothing changes.
  await memberRow.getByRole('button', { name: 'Edit' }).click();
  const roleSelect = memberRow.getByLabel('Role of Ed Employee');
  await expect(roleSelect).toHaveValue('Employee');
  await expect(memberRow.getByRole('button')).toHaveText(['Save', 'Cancel', 'Remove']);
  await roleSelect.selectOption('Manager');
  await memberRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(memberRow.getByRole('cell').nth(2)).toHaveText('Employee');

  // Edit → Watcher → Save.
  await memberRow.getByRole('button', { name: 'Edit' }).click();
  await roleSelect.selectOption('Watcher');
  await memberRow.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(m.roleUpdated)).toBeVisible();
  await expect(memberRow.getByRole('cell').nth(2)).toHaveText('Watcher');
  await expect(memberRow.getByRole('button')).toHaveText(['Edit']);
  expect((await listTeam(request, owner)).find((t) => t.user_email === email)?.role).toBe('Watcher');

  // The member's session is the same, the role is not: a Watcher cannot add.
  const refused = await addCard();
  expectStatus(refused, 403);
  expect(refused.body.message).toBe('A Watcher cannot add or edit inventory.');

  // Remove asks first; Cancel keeps the member.
  await memberRow.getByRole('button', { name: 'Edit' }).click();
  await memberRow.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove User' });
  await expect(confirm).toContainText(m.confirmRemove('Ed Employee'));
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(memberRow).toBeVisible();

  await memberRow.getByRole('button', { name: 'Remove' }).click();
  await confirm.getByRole('button', { name: 'Remove' }).click();
  // The server's message, as the spec puts it ("the server message or 'User removed!'").
  await expect(page.getByText(messages.teamServer.removed(email))).toBeVisible();
  await expect(memberRow).toHaveCount(0);
  await expect(ownerRow).toBeVisible();
  expect((await listTeam(request, owner)).map((t) => t.user_email)).toEqual([owner.email]);

  // Signed out at once.
  expectStatus(await member.call('pendingOrders'), 401);
  await memberContext.close();
});

test('an invitation link without its token says so and shows no form', async ({ page }) => {
  await page.goto('/accept-invite');
  await expect(page.getByRole('heading', { name: m.acceptTitle })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(m.inviteMissing);
  await expect(page.getByLabel('New Password')).toHaveCount(0);
});

test('an unknown invitation token is refused with the server’s message', async ({ page }) => {
  await page.goto('/accept-invite?token=not-a-real-token');
  await page.getByLabel('New Password').fill('a member password');
  await page.getByLabel('Confirm Password').fill('a member password');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('alert')).toHaveText(messages.teamServer.inviteInvalid);
});

test('only the Owner sees the team controls, even with a Manager cookie', async ({ page, context, request }) => {
  const owner = await registerShop(request);
  await useSession(context, owner, 'Manager');
  let teamCalls = 0;
  page.on('request', (r) => {
    if (isCall(r, ...teamRoutes)) teamCalls += 1;
  });
  await page.goto('/sub-account-management');
  await expect(page.getByText(m.ownerOnly)).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add User' })).toHaveCount(0);
  expect(teamCalls).toBe(0);
});

test('inviting an address already on the team shows the server’s reason in the dialog, which stays open', async ({
  page,
  context,
  request,
}) => {
  const owner = await registerShop(request, 'Reason Games');
  const invited = uniqueEmail('invited');
  bodyOf(await api(request, owner).call('teamInvite', { name: 'Ivy Invited', email: invited, role: 'Employee' }));
  await useSession(context, owner);
  await page.goto('/sub-account-management');
  const add = page.getByRole('dialog', { name: 'Add User' });

  // The Owner's own address (a member) and an address invited a moment ago (pending).
  for (const email of [owner.email, invited.toUpperCase()]) {
    await page.getByRole('button', { name: '+ Add User' }).click();
    await add.getByLabel('Name').fill('Someone Again');
    await add.getByLabel('Email').fill(email);
    const answer = page.waitForResponse((r) => isCall(r, 'teamInvite'));
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    // The server's own sentence, whatever it says: the screen does not make up a reason.
    const { message } = (await refused.json()) as { message: string };
    expect(message).not.toBe('');
    await expect(add.getByRole('alert')).toHaveText(message);
    await expect(add.getByLabel('Email')).toHaveValue(email);
    // Changing the address clears the stale reason.
    await add.getByLabel('Email').fill(`x${email}`);
    await expect(add.getByRole('alert')).toHaveCount(0);
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
  }
  expect((await listTeam(request, owner)).map((t) => t.user_email).sort()).toEqual([owner.email, invited].sort());
});
