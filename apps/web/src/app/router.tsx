import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PlaceholderPage } from '../components/PlaceholderPage.tsx';
import { RequireAuth } from '../components/RequireAuth.tsx';
import { Layout } from './Layout.tsx';

/** Code-split pages: each route loads only its own screen. */
function page(load: () => Promise<ComponentType>) {
  const Component = lazy(async () => ({ default: await load() }));
  return <Component />;
}

const guarded = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;

// Served documents of the storefront use its own entry (storefront-main.tsx); the app
// reaches it only on the Vite dev server or through a link followed inside the app.
const Storefront = page(() => import('../features/storefront/StorefrontRoute.tsx').then((m) => m.StorefrontRoute));
const StorefrontOrder = page(() =>
  import('../features/storefront/StorefrontOrderRoute.tsx').then((m) => m.StorefrontOrderRoute),
);

const StorefrontBuylist = page(() =>
  import('../features/storefront/StorefrontBuylistRoute.tsx').then((m) => m.StorefrontBuylistRoute),
);

const HomePage = page(() => import('../features/public/HomePage.tsx').then((m) => m.HomePage));
const RegisterPage = page(() => import('../features/auth/RegisterPage.tsx').then((m) => m.RegisterPage));

/** Guarded screens that later capabilities fill in; until then, a heading. */
const placeholders: [path: string, title: string][] = [];

const AdminDashboardPage = page(() =>
  import('../features/admin/AdminDashboardPage.tsx').then((m) => m.AdminDashboardPage),
);
const AdminStorePage = page(() => import('../features/admin/StorePage.tsx').then((m) => m.StorePage));
const AdminInventoryPage = page(() =>
  import('../features/admin/AdminInventoryPage.tsx').then((m) => m.AdminInventoryPage),
);

/**
 * The admin area (spec 001 §2.9, §2.12): guarded by the auth_token cookie like
 * every staff screen; the server checks the platform role on every call and
 * the pages show the access error view when it refuses.
 */
const adminRoutes: RouteObject[] = [
  { path: '/admin', element: AdminDashboardPage },
  { path: '/admin/dashboard', element: AdminDashboardPage },
  {
    path: '/admin/store/create',
    element: page(() => import('../features/admin/CreateStorePage.tsx').then((m) => m.CreateStorePage)),
  },
  { path: '/admin/store/:storeId/:action', element: AdminStorePage },
  { path: '/admin/store/:storeId', element: AdminStorePage },
  { path: '/admin/inventory', element: AdminInventoryPage },
  { path: '/admin/inventory/:storeId', element: AdminInventoryPage },
  {
    path: '/admin/system-settings',
    element: page(() => import('../features/admin/SystemSettingsPage.tsx').then((m) => m.SystemSettingsPage)),
  },
  { path: '/admin/users', element: page(() => import('../features/admin/UsersPage.tsx').then((m) => m.UsersPage)) },
  {
    path: '/admin/reports',
    element: page(() => import('../features/admin/ReportsPage.tsx').then((m) => m.ReportsPage)),
  },
  {
    path: '/admin/analytics',
    element: page(() => import('../features/admin/AnalyticsPage.tsx').then((m) => m.AnalyticsPage)),
  },
].map((route) => ({ ...route, element: guarded(route.element) }));

/** The route table of spec 001 §2.12, normal mode. */
export const appRoutes: RouteObject[] = [
  // A shop's tablet for customers: full screen, no site header or footer, no staff login.
  { path: '/kiosk', element: page(() => import('../features/kiosk/KioskPage.tsx').then((m) => m.KioskPage)) },
  {
    element: <Layout />,
    children: [
      { path: '/', element: HomePage },
      { path: '/home', element: HomePage },
      { path: '/about', element: page(() => import('../features/public/AboutPage.tsx').then((m) => m.AboutPage)) },
      {
        path: '/features',
        element: page(() => import('../features/public/FeaturesPage.tsx').then((m) => m.FeaturesPage)),
      },
      {
        path: '/contact',
        element: page(() => import('../features/contact/ContactPage.tsx').then((m) => m.ContactPage)),
      },
      {
        path: '/terms-of-service',
        element: page(() => import('../features/public/TermsPage.tsx').then((m) => m.TermsPage)),
      },
      {
        path: '/privacy-policy',
        element: page(() => import('../features/public/PrivacyPage.tsx').then((m) => m.PrivacyPage)),
      },
      {
        path: '/unauthorized',
        element: page(() => import('../features/public/UnauthorizedPage.tsx').then((m) => m.UnauthorizedPage)),
      },
      {
        path: '/recruters',
        element: page(() => import('../features/public/RecruitersPage.tsx').then((m) => m.RecruitersPage)),
      },
      { path: '/login', element: page(() => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage)) },
      { path: '/register', element: RegisterPage },
      { path: '/create-account', element: RegisterPage },
      {
        path: '/forgot-password',
        element: page(() => import('../features/auth/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage)),
      },
      {
        path: '/reset-password',
        element: page(() => import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage)),
      },
      {
        path: '/unlock-account',
        element: page(() => import('../features/auth/UnlockAccountPage.tsx').then((m) => m.UnlockAccountPage)),
      },
      {
        path: '/ordering',
        element: guarded(page(() => import('../features/orders/OrderingPage.tsx').then((m) => m.OrderingPage))),
      },
      {
        // The counter register (issue 44): `/register` is the spec's Create Account page.
        path: '/counter',
        element: guarded(page(() => import('../features/register/RegisterPage.tsx').then((m) => m.RegisterPage))),
      },
      {
        path: '/counter/orders',
        element: guarded(
          page(() => import('../features/register/RegisterOrdersPage.tsx').then((m) => m.RegisterOrdersPage)),
        ),
      },
      {
        path: '/counter/sales',
        element: guarded(
          page(() => import('../features/register/RegisterSalesPage.tsx').then((m) => m.RegisterSalesPage)),
        ),
      },
      {
        path: '/counter/sales/:saleNumber',
        element: guarded(page(() => import('../features/register/SaleReturnPage.tsx').then((m) => m.SaleReturnPage))),
      },
      {
        path: '/order-management',
        element: guarded(
          page(() => import('../features/orders/OrderManagementPage.tsx').then((m) => m.OrderManagementPage)),
        ),
      },
      {
        path: '/order-management/pick-list',
        element: guarded(page(() => import('../features/orders/PickListPage.tsx').then((m) => m.PickListPage))),
      },
      {
        path: '/buylist',
        element: guarded(page(() => import('../features/buylist/BuylistPage.tsx').then((m) => m.BuylistPage))),
      },
      {
        path: '/order-history',
        element: guarded(page(() => import('../features/orders/OrderHistoryPage.tsx').then((m) => m.OrderHistoryPage))),
      },
      {
        path: '/device-manager',
        element: guarded(
          page(() => import('../features/devices/DeviceManagementPage.tsx').then((m) => m.DeviceManagementPage)),
        ),
      },
      {
        path: '/channels',
        element: guarded(page(() => import('../features/channels/ChannelsPage.tsx').then((m) => m.ChannelsPage))),
      },
      {
        path: '/sub-account-management',
        element: guarded(page(() => import('../features/team/TeamPage.tsx').then((m) => m.TeamPage))),
      },
      {
        path: '/accept-invite',
        element: page(() => import('../features/team/AcceptInvitePage.tsx').then((m) => m.AcceptInvitePage)),
      },
      {
        path: '/shop-home',
        element: guarded(page(() => import('../features/shop-home/ShopHomePage.tsx').then((m) => m.ShopHomePage))),
      },
      {
        path: '/customers',
        element: guarded(page(() => import('../features/customers/CustomersPage.tsx').then((m) => m.CustomersPage))),
      },
      {
        path: '/customers/:customerId',
        element: guarded(page(() => import('../features/customers/CustomerPage.tsx').then((m) => m.CustomerPage))),
      },
      {
        path: '/stats',
        element: guarded(page(() => import('../features/stats/StatsPage.tsx').then((m) => m.StatsPage))),
      },
      {
        path: '/activity',
        element: guarded(page(() => import('../features/activity/ActivityPage.tsx').then((m) => m.ActivityPage))),
      },
      {
        path: '/stripe-management',
        element: guarded(page(() => import('../features/billing/BillingPage.tsx').then((m) => m.BillingPage))),
      },
      {
        path: '/shop-settings',
        element: guarded(page(() => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage))),
      },
      {
        path: '/inventory-management',
        element: guarded(page(() => import('../features/inventory/InventoryPage.tsx').then((m) => m.InventoryPage))),
      },
      {
        path: '/inventory-management/labels',
        element: guarded(page(() => import('../features/inventory/LabelsPage.tsx').then((m) => m.LabelsPage))),
      },
      {
        path: '/inventory-management/quick-add',
        element: guarded(page(() => import('../features/inventory/QuickAddPage.tsx').then((m) => m.QuickAddPage))),
      },
      {
        path: '/card-details',
        element: guarded(page(() => import('../features/catalog/CardDetailsPage.tsx').then((m) => m.CardDetailsPage))),
      },
      {
        path: '/dashboard',
        element: guarded(page(() => import('../features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage))),
      },
      { path: '/shop/:subdomain', element: Storefront },
      { path: '/shop/:subdomain/order/:number?', element: StorefrontOrder },
      { path: '/shop/:subdomain/buylist', element: StorefrontBuylist },
      ...placeholders.map(([path, title]) => ({ path, element: guarded(<PlaceholderPage title={title} />) })),
      ...adminRoutes,
      { path: '*', element: page(() => import('../features/public/NotFoundPage.tsx').then((m) => m.NotFoundPage)) },
    ],
  },
];

/** Storefront mode: the host names a shop, so the whole app is that shop's public page (spec 001 §2.7). */
export const storefrontRoutes: RouteObject[] = [
  { path: '/order/:number?', element: StorefrontOrder },
  { path: '/buylist', element: StorefrontBuylist },
  { path: '*', element: Storefront },
];

export const createRouter = (storefront: boolean) => createBrowserRouter(storefront ? storefrontRoutes : appRoutes);
