import {
  messages,
  platformRoleAllows,
  type AdminMe,
  type AdminStoreCreateInput,
  type AdminStoreUpdateRequest,
  type AuditEvent,
  type PlatformRole,
  type StoreStatusFilter,
  type SystemSettingsGroups,
} from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Executor } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { isoIn } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { startTrial } from '../billing/trial.ts';
import { shopDataRepository } from '../shop-data/shop-data.repository.ts';
import {
  forgetSystemSettings,
  fromSettingsGroups,
  systemSettingsRepository,
  toSettingsGroups,
} from '../platform/system-settings.ts';
import { teamRepository } from '../team/team.repository.ts';
import { INVITATION_TTL_MS, invitationLink } from '../team/invitations.ts';
import { asPlatformRole, displayName, toAdminOrder, toAdminStore, toAdminUser } from './admin.mapper.ts';
import { adminRepository as repo } from './admin.repository.ts';

/** How many of a shop's orders the admin area lists. */
const ORDERS_LIMIT = 500;

/**
 * The admin area's shops, users, system settings and inboxes. Route access
 * (platform role per route) is checked before any of this runs (route.ts);
 * the rules here are the ones that depend on what is changed: superadmins
 * are never deleted, deactivated or demoted, only a superadmin makes one, and
 * no one changes their own account from here.
 */
export function createAdminService(ctx: AppContext, auth: AuthService) {
  const now = () => ctx.clock.now().toISOString();

  /** Records a platform change by `actor`, now: the shop it touched (none for the platform's own) and its event. */
  async function audit(db: Executor, actor: Actor, entry: { shop_id: number | null; subject: string } & AuditEvent) {
    await auditRepository.record(db, { ...entry, actor: actor.email, created_at: now() });
  }

  async function storeOrThrow(db: Executor, id: number) {
    const store = await repo.store(db, id);
    if (!store) throw new AppError('NOT_FOUND', messages.admin.storeNotFound);
    return store;
  }

  async function requireFreeSubdomain(db: Executor, subdomain: string, shopId?: number) {
    const owner = await repo.subdomainOwner(db, subdomain);
    if (owner && owner.id !== shopId) throw new AppError('CONFLICT', messages.settingsServer.subdomainTaken);
  }

  async function userOrThrow(id: number) {
    const [user] = await repo.users(ctx.db, { q: '', id });
    if (!user) throw new AppError('NOT_FOUND', messages.adminServer.userNotFound);
    return user;
  }

  return {
    async me(actor: Actor): Promise<AdminMe> {
      const [user] = await repo.users(ctx.db, { q: '', id: actor.userId });
      return {
        username: user ? displayName(user) : actor.email,
        email: actor.email,
        role: actor.platformRole,
        can_manage: platformRoleAllows(actor.platformRole, 'admin:manage'),
        can_grant_superadmin: actor.platformRole === 'superadmin',
      };
    },

    // ---------------------------------------------------------- stores

    async stores(filter: { status: StoreStatusFilter; q: string }) {
      const rows = await repo.stores(ctx.db, filter);
      return { stores: rows.map(toAdminStore) };
    },

    async store(id: number) {
      return toAdminStore(await storeOrThrow(ctx.db, id));
    },

    /**
     * Suspends or restores a shop. Suspended, its staff are refused at login
     * and on every call with a sentence saying why, its tablets stop working
     * and its storefront is not found; nothing of it is deleted.
     */
    async setActive(actor: Actor, id: number, isActive: boolean) {
      const store = await withTransaction(ctx.db, async (tx) => {
        const before = await storeOrThrow(tx, id);
        await repo.setShopActive(tx, id, isActive);
        await audit(tx, actor, {
          shop_id: id,
          action: isActive ? 'admin.shop.activate' : 'admin.shop.deactivate',
          subject: before.name,
          detail: {},
        });
        return storeOrThrow(tx, id);
      });
      return {
        message: isActive
          ? messages.adminServer.storeActivated(store.name)
          : messages.adminServer.storeDeactivated(store.name),
        store: toAdminStore(store),
      };
    },

    /**
     * Deletes a shop and everything of it (privacy policy). The platform log
     * keeps that shop #id was deleted and by whom, not its name or people.
     */
    async deleteStore(actor: Actor, id: number, confirmName: string) {
      const name = await withTransaction(ctx.db, async (tx) => {
        const store = await storeOrThrow(tx, id);
        if (store.name.trim() !== confirmName.trim())
          throw new AppError('BAD_REQUEST', messages.adminServer.storeDeleteName);
        await shopDataRepository.delete(tx, id);
        await audit(tx, actor, { shop_id: null, action: 'admin.shop.delete', subject: `shop #${id}`, detail: {} });
        return store.name;
      });
      return { message: messages.adminServer.storeDeleted(name) };
    },

    /** Creates a shop and its Owner, who is mailed a link to choose a password (the team invitation). */
    async createStore(actor: Actor, input: AdminStoreCreateInput) {
      const token = newToken();
      const email = input.owner_email.toLowerCase();
      let shopId: number;
      try {
        shopId = await withTransaction(ctx.db, async (tx) => {
          await requireFreeSubdomain(tx, input.subdomain);
          if (await teamRepository.accountOf(tx, email))
            throw new AppError('CONFLICT', messages.adminServer.ownerEmailTaken);
          const at = now();
          const id = await repo.insertShop(tx, {
            name: input.shop_name,
            subdomain: input.subdomain,
            description: input.shop_description,
            shop_hidden: input.settings.allow_public_inventory ? 0 : 1,
            require_approval: input.settings.require_approval ? 1 : 0,
            max_inventory_items: input.settings.max_inventory_items,
            created_at: at,
          });
          // Like a registered shop, a created one starts on the free trial.
          await startTrial(tx, id, ctx);
          const userId = await teamRepository.insertMember(tx, {
            shop_id: id,
            email,
            first_name: input.owner_username,
            last_name: '',
            role: 'Owner',
            created_at: at,
          });
          await repo.updateUser(tx, userId, { username: input.owner_username });
          await teamRepository.insertInvitation(tx, {
            user_id: userId,
            token_hash: hashToken(token),
            created_at: at,
            expires_at: isoIn(ctx.clock, INVITATION_TTL_MS),
          });
          await audit(tx, actor, {
            shop_id: id,
            action: 'admin.shop.create',
            subject: input.shop_name,
            detail: { subdomain: input.subdomain, owner: email },
          });
          return id;
        });
      } catch (err) {
        // Two creations racing for one subdomain or e-mail: the unique indexes decide.
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.settingsServer.subdomainTaken);
        throw err;
      }
      await ctx.mailer.send({
        to: email,
        subject: `Your shop ${input.shop_name} on Cardstock`,
        text:
          `Cardstock set up ${input.shop_name} for you, with you as its owner (${input.owner_username}).\n\n` +
          `Open this link within 7 days to choose your password:\n${invitationLink(ctx.config.publicUrl, token)}\n\n` +
          `Then log in with this e-mail address to manage your inventory, team and storefront.\n`,
      });
      const store = await storeOrThrow(ctx.db, shopId);
      return { message: messages.adminServer.storeCreated(store.name, email), store: toAdminStore(store) };
    },

    async updateStore(actor: Actor, id: number, input: AdminStoreUpdateRequest) {
      const settings = input.settings ?? {};
      try {
        const store = await withTransaction(ctx.db, async (tx) => {
          await storeOrThrow(tx, id);
          if (input.subdomain !== undefined) await requireFreeSubdomain(tx, input.subdomain, id);
          await repo.updateShop(tx, id, {
            ...(input.shop_name !== undefined ? { name: input.shop_name } : {}),
            ...(input.subdomain !== undefined ? { subdomain: input.subdomain } : {}),
            ...(input.shop_description !== undefined ? { description: input.shop_description } : {}),
            ...(settings.allow_public_inventory !== undefined
              ? { shop_hidden: settings.allow_public_inventory ? 0 : 1 }
              : {}),
            ...(settings.require_approval !== undefined ? { require_approval: settings.require_approval ? 1 : 0 } : {}),
            ...(settings.max_inventory_items !== undefined
              ? { max_inventory_items: settings.max_inventory_items }
              : {}),
          });
          const after = await storeOrThrow(tx, id);
          await audit(tx, actor, { shop_id: id, action: 'admin.shop.update', subject: after.name, detail: input });
          return after;
        });
        return { message: messages.adminServer.storeSaved(store.name), store: toAdminStore(store) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.settingsServer.subdomainTaken);
        throw err;
      }
    },

    async storeOrders(id: number) {
      await storeOrThrow(ctx.db, id);
      const rows = await repo.orders(ctx.db, id, ORDERS_LIMIT);
      return { orders: rows.map(toAdminOrder) };
    },

    // ---------------------------------------------------------- system settings

    async systemSettings() {
      return toSettingsGroups(await systemSettingsRepository.getAll(ctx.db));
    },

    /** Saves every setting at once; this process applies them at once, others within seconds. */
    async saveSystemSettings(actor: Actor, groups: SystemSettingsGroups) {
      const values = fromSettingsGroups(groups);
      await withTransaction(ctx.db, async (tx) => {
        await systemSettingsRepository.set(tx, ctx.clock, values);
        await audit(tx, actor, { shop_id: null, action: 'admin.settings', subject: 'system', detail: values });
      });
      forgetSystemSettings(ctx.db);
      return { message: messages.adminServer.settingsSaved, settings: toSettingsGroups(values) };
    },

    // ---------------------------------------------------------- users

    async users(q: string) {
      return { users: (await repo.users(ctx.db, { q })).map(toAdminUser) };
    },

    async updateUser(actor: Actor, id: number, input: { role?: PlatformRole; is_active?: boolean; username?: string }) {
      const user = await userOrThrow(id);
      if (user.id === actor.userId) throw new AppError('FORBIDDEN', messages.adminServer.notYourself);
      const changesRole = input.role !== undefined && input.role !== user.platform_role;
      const deactivates = input.is_active === false && user.is_active === 1;
      if (asPlatformRole(user.platform_role) === 'superadmin' && (changesRole || deactivates))
        throw new AppError('FORBIDDEN', messages.adminServer.superadminProtected);
      if (input.role === 'superadmin' && changesRole && actor.platformRole !== 'superadmin')
        throw new AppError('FORBIDDEN', messages.adminServer.onlySuperadminGrants);
      await withTransaction(ctx.db, async (tx) => {
        await repo.updateUser(tx, id, {
          ...(input.role !== undefined ? { platform_role: input.role } : {}),
          ...(input.is_active !== undefined ? { is_active: input.is_active ? 1 : 0 } : {}),
          ...(input.username !== undefined ? { username: input.username } : {}),
        });
        await audit(tx, actor, {
          shop_id: user.shop_id,
          action: 'admin.user.update',
          subject: user.email,
          detail: input,
        });
      });
      return { message: messages.adminServer.userUpdated(user.email), user: toAdminUser(await userOrThrow(id)) };
    },

    /** Deletes an account with its sessions; never a superadmin, never a shop's Owner (the shop would be orphaned). */
    async deleteUser(actor: Actor, id: number) {
      const user = await userOrThrow(id);
      if (user.id === actor.userId) throw new AppError('FORBIDDEN', messages.adminServer.notYourself);
      if (asPlatformRole(user.platform_role) === 'superadmin')
        throw new AppError('FORBIDDEN', messages.adminServer.superadminProtected);
      if (user.role === 'Owner' && user.shop_name !== null)
        throw new AppError('CONFLICT', messages.adminServer.ownerDelete(user.shop_name));
      await withTransaction(ctx.db, async (tx) => {
        await repo.deleteUser(tx, id);
        await audit(tx, actor, { shop_id: user.shop_id, action: 'admin.user.delete', subject: user.email, detail: {} });
      });
      return { message: messages.adminServer.userDeleted(user.email) };
    },

    // ---------------------------------------------------------- inboxes

    async invites() {
      return { invites: await repo.invites(ctx.db) };
    },

    async createInvite(actor: Actor, input: { note: string; expires_days?: number }) {
      const code = await auth.createInvite({ note: input.note, expiresInDays: input.expires_days });
      await audit(ctx.db, actor, {
        shop_id: null,
        action: 'admin.invite',
        subject: code,
        detail: { note: input.note },
      });
      return { message: messages.adminServer.inviteCreated, code };
    },

    async feedback() {
      return { feedback: await repo.feedback(ctx.db) };
    },

    async contactMessages() {
      return { messages: await repo.contactMessages(ctx.db) };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
