import type { RouteDef, RouteName } from './routes.ts';

/**
 * Method and path of every route, without the schemas: what the web client
 * needs to call the API, so its bundle does not carry zod. A test keeps it
 * equal to the route table.
 */
export const routePaths = {
  health: ['GET', '/api/health'],
  ready: ['GET', '/api/ready'],
  publicConfig: ['GET', '/api/config'],
  contactUs: ['POST', '/api/contactus'],
  login: ['POST', '/api/login'],
  register: ['POST', '/api/register'],
  logout: ['POST', '/api/logout'],
  forgotPassword: ['POST', '/api/forgot-password'],
  resetPassword: ['POST', '/api/reset-password'],
  feedback: ['POST', '/api/feedback'],
  cardSearch: ['GET', '/api/cards/search'],
  cardPrints: ['GET', '/api/cards/:id/prints'],
  card: ['GET', '/api/cards/:id'],
  suggest: ['GET', '/api/search/suggest'],
  inventoryList: ['POST', '/api/shop/inventory'],
  inventoryAdd: ['POST', '/api/shop/inventory/add'],
  inventoryEdit: ['POST', '/api/shop/inventory/edit'],
  inventoryDeleteAll: ['DELETE', '/api/shop/inventory/delete_all'],
  inventoryExport: ['POST', '/api/shop/inventory/export/csv'],
  inventoryImport: ['POST', '/api/shop/inventory/csv/import'],
  teamList: ['POST', '/api/team/list'],
  teamInvite: ['POST', '/api/team/invite'],
  teamUpdateRole: ['POST', '/api/team/update-role'],
  teamRemove: ['POST', '/api/team/remove'],
  teamAccept: ['POST', '/api/team/accept'],
  createDeviceCode: ['POST', '/api/user/create_code'],
  devices: ['POST', '/api/shop/devices'],
  removeDevice: ['POST', '/api/shop/devices/remove'],
  pairDevice: ['POST', '/api/device/pair'],
  deviceSession: ['POST', '/api/device/session'],
  placeOrder: ['POST', '/api/device/order'],
  pendingOrders: ['POST', '/api/pending'],
  confirmOrder: ['POST', '/api/order/confirm'],
  rejectOrder: ['POST', '/api/order/reject'],
  orderHistory: ['POST', '/api/history'],
  sealedList: ['POST', '/api/shop/sealed'],
  sealedAdd: ['POST', '/api/shop/sealed/add'],
  sealedEdit: ['POST', '/api/shop/sealed/edit'],
  sealedDelete: ['POST', '/api/shop/sealed/delete'],
  search: ['POST', '/api/search'],
} as const satisfies Record<RouteName, readonly [RouteDef['method'], string]>;
