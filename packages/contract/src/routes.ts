import type { z } from 'zod';
import type { Permission } from './permissions.ts';
import {
  ZFeedbackRequest,
  ZForgotPasswordQuery,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
} from './schemas/auth.ts';
import {
  ZCardDetails,
  ZCardIdParams,
  ZCardPrintsResponse,
  ZCardQuery,
  ZCardSearchResponse,
  ZSuggestResponse,
} from './schemas/catalog.ts';
import { ZMessageResponse } from './schemas/common.ts';
import {
  ZCsvFile,
  ZImportReport,
  ZInventoryAddRequest,
  ZInventoryEditRequest,
  ZInventoryListRequest,
  ZInventoryListResponse,
  ZSearchRequest,
  ZSearchResponse,
  ZTokenOnlyRequest,
} from './schemas/inventory.ts';
import { ZContactRequest, ZContactResponse } from './schemas/contact.ts';
import {
  ZCreateCodeRequest,
  ZCreateCodeResponse,
  ZDeviceSessionRequest,
  ZDeviceSessionResponse,
  ZDevicesRequest,
  ZDevicesResponse,
  ZPairRequest,
  ZPairResponse,
  ZRemoveDeviceRequest,
} from './schemas/devices.ts';
import {
  ZHistoryResponse,
  ZOrderActionRequest,
  ZOrdersRequest,
  ZPendingResponse,
  ZPlaceOrderRequest,
  ZPlaceOrderResponse,
} from './schemas/orders.ts';
import {
  ZSealedAddRequest,
  ZSealedDeleteRequest,
  ZSealedEditRequest,
  ZSealedItemResponse,
  ZSealedListRequest,
  ZSealedListResponse,
} from './schemas/sealed.ts';
import {
  ZTeamAcceptRequest,
  ZTeamAcceptResponse,
  ZTeamInviteRequest,
  ZTeamListRequest,
  ZTeamListResponse,
  ZTeamRemoveRequest,
  ZTeamUpdateRoleRequest,
  ZTeamUpdateRoleResponse,
} from './schemas/team.ts';
import { ZHealthResponse, ZPublicConfigResponse, ZReadyResponse } from './schemas/system.ts';

/**
 * Who may call a route. Tests walk the route table by this field: every
 * `session` route is checked for tenant isolation and roles. `device`
 * routes take a staff session or a paired tablet's device token.
 */
export type RouteAuth = 'none' | 'session' | 'device' | 'admin';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  auth: RouteAuth;
  /**
   * What the caller's role must allow (DESIGN §5). The server checks it before
   * anything else of the call; the role tests walk the table by this field.
   */
  permission?: Permission;
  summary: string;
  tags: readonly string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** A multipart form (file upload) instead of a JSON body; its fields are described in `summary`. */
  multipart?: true;
  /** Schema of the 200 answer. */
  response: z.ZodType;
}

const define = <const T extends Record<string, RouteDef>>(table: T): T => table;

/**
 * The public wire contract: method, path, body and answer of every call.
 * The server registers exactly these; the web client and the tests import them.
 */
export const routes = define({
  health: {
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    summary: 'Liveness: the process answers',
    tags: ['system'],
    response: ZHealthResponse,
  },
  ready: {
    method: 'GET',
    path: '/api/ready',
    auth: 'none',
    summary: 'Readiness: the database answers',
    tags: ['system'],
    response: ZReadyResponse,
  },
  publicConfig: {
    method: 'GET',
    path: '/api/config',
    auth: 'none',
    summary: 'Settings the web app needs before it renders forms',
    tags: ['system'],
    response: ZPublicConfigResponse,
  },
  contactUs: {
    method: 'POST',
    path: '/api/contactus',
    auth: 'none',
    summary: 'Send a message to the Cardstock team',
    tags: ['contact'],
    body: ZContactRequest,
    response: ZContactResponse,
  },
  login: {
    method: 'POST',
    path: '/api/login',
    auth: 'none',
    summary: 'Log in with e-mail and password; answers a session token',
    tags: ['auth'],
    body: ZLoginRequest,
    response: ZLoginResponse,
  },
  register: {
    method: 'POST',
    path: '/api/register',
    auth: 'none',
    summary: 'Create a shop and its Owner with an invite code',
    tags: ['auth'],
    body: ZRegisterRequest,
    response: ZRegisterResponse,
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    auth: 'session',
    summary: 'End the session: its token stops working at once',
    tags: ['auth'],
    body: ZLogoutRequest,
    response: ZMessageResponse,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/forgot-password',
    auth: 'none',
    summary: 'Mail a password reset link (same answer whether the e-mail is known or not)',
    tags: ['auth'],
    querystring: ZForgotPasswordQuery,
    response: ZMessageResponse,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/reset-password',
    auth: 'none',
    summary: 'Set a new password with a reset token (single use, 1 hour)',
    tags: ['auth'],
    body: ZResetPasswordRequest,
    response: ZMessageResponse,
  },
  feedback: {
    method: 'POST',
    path: '/api/feedback',
    auth: 'session',
    summary: 'Send feedback to the Cardstock team',
    tags: ['feedback'],
    body: ZFeedbackRequest,
    response: ZMessageResponse,
  },
  cardSearch: {
    method: 'GET',
    path: '/api/cards/search',
    auth: 'none',
    summary: 'Card name search (prefix and word matches, ranked): one result per card, its newest printing',
    tags: ['catalog'],
    querystring: ZCardQuery,
    response: ZCardSearchResponse,
  },
  cardPrints: {
    method: 'GET',
    path: '/api/cards/:id/prints',
    auth: 'none',
    summary: 'Every printing of a card, newest first, with its finishes',
    tags: ['catalog'],
    params: ZCardIdParams,
    response: ZCardPrintsResponse,
  },
  card: {
    method: 'GET',
    path: '/api/cards/:id',
    auth: 'none',
    summary: 'One printing with everything the card-details page shows',
    tags: ['catalog'],
    params: ZCardIdParams,
    response: ZCardDetails,
  },
  suggest: {
    method: 'GET',
    path: '/api/search/suggest',
    auth: 'none',
    summary: 'Name suggestions while typing: name and set code (clients show the first 5)',
    tags: ['catalog'],
    querystring: ZCardQuery,
    response: ZSuggestResponse,
  },
  inventoryList: {
    method: 'POST',
    path: '/api/shop/inventory',
    auth: 'session',
    permission: 'inventory:view',
    summary: 'One page of the shop’s inventory (page as text from "1"), optionally filtered',
    tags: ['inventory'],
    body: ZInventoryListRequest,
    response: ZInventoryListResponse,
  },
  inventoryAdd: {
    method: 'POST',
    path: '/api/shop/inventory/add',
    auth: 'session',
    permission: 'inventory:edit',
    summary: 'Add copies of a printing; the same printing, finish and quality adds to the existing row',
    tags: ['inventory'],
    body: ZInventoryAddRequest,
    response: ZMessageResponse,
  },
  inventoryEdit: {
    method: 'POST',
    path: '/api/shop/inventory/edit',
    auth: 'session',
    permission: 'inventory:edit',
    summary: 'Set the quantity of a row (0 keeps it, out of stock)',
    tags: ['inventory'],
    body: ZInventoryEditRequest,
    response: ZMessageResponse,
  },
  inventoryDeleteAll: {
    method: 'DELETE',
    path: '/api/shop/inventory/delete_all',
    auth: 'session',
    permission: 'inventory:delete_all',
    summary: 'Delete every inventory row of the shop (Owner only)',
    tags: ['inventory'],
    body: ZTokenOnlyRequest,
    response: ZMessageResponse,
  },
  inventoryExport: {
    method: 'POST',
    path: '/api/shop/inventory/export/csv',
    auth: 'session',
    permission: 'inventory:export',
    summary: 'The whole inventory as CSV (inventory_export_{date}.csv), in the format the import reads back',
    tags: ['inventory'],
    body: ZTokenOnlyRequest,
    response: ZCsvFile,
  },
  inventoryImport: {
    method: 'POST',
    path: '/api/shop/inventory/csv/import',
    auth: 'session',
    permission: 'inventory:import',
    multipart: true,
    summary:
      'Import a CSV export (Cardstock, ManaBox, Deckbox, TCGplayer, Moxfield, Delver Lens and more) in one transaction. ' +
      'Form fields: file, token, dry_run ("true": report only), accept_partial ("true": import the good lines when some are refused).',
    tags: ['inventory'],
    response: ZImportReport,
  },
  sealedList: {
    method: 'POST',
    path: '/api/shop/sealed',
    auth: 'session',
    permission: 'inventory:view',
    summary: 'One page (50, name order) of the shop’s sealed products, optionally filtered by name, category or set',
    tags: ['sealed'],
    body: ZSealedListRequest,
    response: ZSealedListResponse,
  },
  sealedAdd: {
    method: 'POST',
    path: '/api/shop/sealed/add',
    auth: 'session',
    permission: 'inventory:edit',
    summary: 'Add a sealed product; the same name, category and set adds to its quantity and sets the new price',
    tags: ['sealed'],
    body: ZSealedAddRequest,
    response: ZSealedItemResponse,
  },
  sealedEdit: {
    method: 'POST',
    path: '/api/shop/sealed/edit',
    auth: 'session',
    permission: 'inventory:edit',
    summary: 'Replace every field of a sealed product (quantity 0 keeps it, out of stock)',
    tags: ['sealed'],
    body: ZSealedEditRequest,
    response: ZSealedItemResponse,
  },
  sealedDelete: {
    method: 'POST',
    path: '/api/shop/sealed/delete',
    auth: 'session',
    permission: 'inventory:edit',
    summary: 'Remove a sealed product from the shop',
    tags: ['sealed'],
    body: ZSealedDeleteRequest,
    response: ZMessageResponse,
  },
  search: {
    method: 'POST',
    path: '/api/search',
    auth: 'device',
    permission: 'inventory:view',
    summary: 'Search the shop’s inventory: words of the name, or Scryfall-style terms; q "*" lists everything',
    tags: ['inventory'],
    body: ZSearchRequest,
    response: ZSearchResponse,
  },
  teamList: {
    method: 'POST',
    path: '/api/team/list',
    auth: 'session',
    permission: 'team',
    summary: 'The shop’s team: the Owner first, then members by name',
    tags: ['team'],
    body: ZTeamListRequest,
    response: ZTeamListResponse,
  },
  teamInvite: {
    method: 'POST',
    path: '/api/team/invite',
    auth: 'session',
    permission: 'team',
    summary:
      'Invite a member with a role (default Watcher): they are listed at once and mailed a link to set a password',
    tags: ['team'],
    body: ZTeamInviteRequest,
    response: ZMessageResponse,
  },
  teamUpdateRole: {
    method: 'POST',
    path: '/api/team/update-role',
    auth: 'session',
    permission: 'team',
    summary: 'Change a member’s role (never the Owner’s)',
    tags: ['team'],
    body: ZTeamUpdateRoleRequest,
    response: ZTeamUpdateRoleResponse,
  },
  teamRemove: {
    method: 'POST',
    path: '/api/team/remove',
    auth: 'session',
    permission: 'team',
    summary: 'Remove a member (never the Owner): their sessions end at once',
    tags: ['team'],
    body: ZTeamRemoveRequest,
    response: ZMessageResponse,
  },
  teamAccept: {
    method: 'POST',
    path: '/api/team/accept',
    auth: 'none',
    summary: 'An invited member sets a password with the mailed token (single use, 7 days)',
    tags: ['team'],
    body: ZTeamAcceptRequest,
    response: ZTeamAcceptResponse,
  },
  createDeviceCode: {
    method: 'POST',
    path: '/api/user/create_code',
    auth: 'session',
    permission: 'devices',
    summary: 'A pairing code for a named tablet (single use, 9 minutes) and a QR image of its kiosk address',
    tags: ['devices'],
    body: ZCreateCodeRequest,
    response: ZCreateCodeResponse,
  },
  devices: {
    method: 'POST',
    path: '/api/shop/devices',
    auth: 'session',
    permission: 'devices',
    summary: 'The shop’s paired devices, removed ones included (is_active false)',
    tags: ['devices'],
    body: ZDevicesRequest,
    response: ZDevicesResponse,
  },
  removeDevice: {
    method: 'POST',
    path: '/api/shop/devices/remove',
    auth: 'session',
    permission: 'devices',
    summary: 'Remove a device: its token stops working at once',
    tags: ['devices'],
    body: ZRemoveDeviceRequest,
    response: ZMessageResponse,
  },
  pairDevice: {
    method: 'POST',
    path: '/api/device/pair',
    auth: 'none',
    summary: 'A tablet pairs with a code and its serial number, and gets its device token',
    tags: ['devices'],
    body: ZPairRequest,
    response: ZPairResponse,
  },
  deviceSession: {
    method: 'POST',
    path: '/api/device/session',
    auth: 'device',
    summary: 'A kiosk starts a session with its device token: its shop and name (records the last login)',
    tags: ['devices'],
    body: ZDeviceSessionRequest,
    response: ZDeviceSessionResponse,
  },
  placeOrder: {
    method: 'POST',
    path: '/api/device/order',
    auth: 'device',
    permission: 'orders:place',
    summary:
      'Place an order from a cart: stock is reserved in the same transaction (never oversold); an Idempotency-Key header makes a retry return the first answer',
    tags: ['orders'],
    body: ZPlaceOrderRequest,
    response: ZPlaceOrderResponse,
  },
  pendingOrders: {
    method: 'POST',
    path: '/api/pending',
    auth: 'session',
    permission: 'orders:view',
    summary: 'The shop’s pending orders, oldest first, with their lines and prices',
    tags: ['orders'],
    body: ZOrdersRequest,
    response: ZPendingResponse,
  },
  confirmOrder: {
    method: 'POST',
    path: '/api/order/confirm',
    auth: 'session',
    permission: 'orders:decide',
    summary: 'Confirm a pending order: the sale is recorded; an order no longer pending is 409',
    tags: ['orders'],
    body: ZOrderActionRequest,
    response: ZMessageResponse,
  },
  rejectOrder: {
    method: 'POST',
    path: '/api/order/reject',
    auth: 'session',
    permission: 'orders:decide',
    summary: 'Reject a pending order: its stock returns to the inventory; an order no longer pending is 409',
    tags: ['orders'],
    body: ZOrderActionRequest,
    response: ZMessageResponse,
  },
  orderHistory: {
    method: 'POST',
    path: '/api/history',
    auth: 'session',
    permission: 'orders:view',
    summary: 'The shop’s confirmed orders, newest first (the latest 500), with prices and line totals',
    tags: ['orders'],
    body: ZOrdersRequest,
    response: ZHistoryResponse,
  },
});

export type Routes = typeof routes;
export type RouteName = keyof Routes;
