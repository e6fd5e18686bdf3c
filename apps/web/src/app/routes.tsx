import { ROUTES, type RouteAccess } from '@hosewright/domain';
import type { RouteObject } from 'react-router';
import { CentredProgress } from '@/components/centred-progress';
import { ASSEMBLY_PAGES } from '@/features/assemblies/pages';
import { CUSTOMER_PAGES } from '@/features/customers/pages';
import { ESTIMATE_PAGES } from '@/features/estimates/pages';
import { INVENTORY_PAGES } from '@/features/inventory/pages';
import { KIT_PAGES } from '@/features/kits/pages';
import { ORGANIZATION_PAGES } from '@/features/organization/pages';
import { PRICE_LIST_PAGES } from '@/features/pricelists/pages';
import { SEARCH_PAGES } from '@/features/search/pages';
import { WAREHOUSE_PAGES } from '@/features/warehouses/pages';
import { WORK_ORDER_PAGES } from '@/features/workorders/pages';
import { corePage, type LazyPage, page } from '@/lib/lazy-page';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/route-error-page';

/** What every route carries for the root layout: its access rule from the domain route table. */
export interface RouteHandle {
  access: RouteAccess;
}

const componentsOverview = page(
  () => import('@/features/components/pages/components-overview-page'),
  (m) => m.ComponentsOverviewPage,
);
const componentList = page(
  () => import('@/features/components/pages/component-list-page'),
  (m) => m.ComponentListPage,
);
const componentDetail = page(
  () => import('@/features/components/pages/component-detail-page'),
  (m) => m.ComponentDetailPage,
);
const componentImport = page(
  () => import('@/features/components/pages/component-import-page'),
  (m) => m.ComponentImportPage,
);

const placeholder = page(
  () => import('./routes/placeholder-page'),
  (m) => m.PlaceholderPage,
);

/**
 * Route path (as in `ROUTES`) -> page. Paths not listed are features still to come: the placeholder. The
 * public, sign-in and dashboard pages are `corePage`s: their text is all in `en`.
 */
export const PAGES: Readonly<Record<string, LazyPage>> = {
  '/': corePage(
    () => import('@/features/marketing/pages/home-page'),
    (m) => m.HomePage,
  ),
  '/features': corePage(
    () => import('@/features/marketing/pages/features-page'),
    (m) => m.FeaturesPage,
  ),
  '/contact': corePage(
    () => import('@/features/marketing/pages/contact-page'),
    (m) => m.ContactPage,
  ),
  '/login': corePage(
    () => import('@/features/auth/pages/login-page'),
    (m) => m.LoginPage,
  ),
  '/signup': corePage(
    () => import('@/features/auth/pages/signup-page'),
    (m) => m.SignUpPage,
  ),
  '/logout': corePage(
    () => import('@/features/auth/pages/logout-page'),
    (m) => m.LogoutPage,
  ),
  '/callback': corePage(
    () => import('@/features/auth/pages/callback-page'),
    (m) => m.CallbackPage,
  ),
  '/logoutcallback': corePage(
    () => import('@/features/auth/pages/logout-callback-page'),
    (m) => m.LogoutCallbackPage,
  ),
  '/verifyemail': corePage(
    () => import('@/features/auth/pages/verify-email-page'),
    (m) => m.VerifyEmailPage,
  ),
  '/errors/login': corePage(
    () => import('@/features/auth/pages/login-error-page'),
    (m) => m.LoginErrorPage,
  ),
  '/subscriptionexpired': page(
    () => import('@/features/subscription/pages/subscription-expired-page'),
    (m) => m.SubscriptionExpiredPage,
  ),
  '/upgradesubscription': page(
    () => import('@/features/subscription/pages/upgrade-subscription-page'),
    (m) => m.UpgradeSubscriptionPage,
  ),
  '/stripe/callback': page(
    () => import('@/features/subscription/pages/payment-pages'),
    (m) => m.StripeCallbackPage,
  ),
  '/payment/success': page(
    () => import('@/features/subscription/pages/payment-pages'),
    (m) => m.PaymentSuccessPage,
  ),
  '/payment/cancel': page(
    () => import('@/features/subscription/pages/payment-pages'),
    (m) => m.PaymentCancelPage,
  ),
  '/dashboard': corePage(
    () => import('@/features/dashboard/pages/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  '/user': page(
    () => import('@/features/user/pages/user-page'),
    (m) => m.UserPage,
  ),
  '/user/:initialTab': page(
    () => import('@/features/user/pages/user-page'),
    (m) => m.UserPage,
  ),
  '/support': page(
    () => import('@/features/site/pages/support-page'),
    (m) => m.SupportPage,
  ),
  '/attributions': page(
    () => import('@/features/site/pages/attributions-page'),
    (m) => m.AttributionsPage,
  ),
  '/notifications': page(
    () => import('@/features/notifications/pages/notifications-page'),
    (m) => m.NotificationsPage,
  ),
  '/components': componentsOverview,
  '/components/import': componentImport,
  '/components/:itemType': componentList,
  '/components/:itemType/:originType': componentList,
  '/hose/:hoseId': componentDetail,
  '/crimpfitting/:crimpFittingId': componentDetail,
  '/ferrule/:ferruleId': componentDetail,
  '/adaptor/:adaptorId': componentDetail,
  '/wrap/:wrapId': componentDetail,
  '/otheritem/:otherItemId': componentDetail,
  '/item/:itemId': componentDetail,
  ...CUSTOMER_PAGES,
  ...ASSEMBLY_PAGES,
  ...KIT_PAGES,
  ...ORGANIZATION_PAGES,
  ...SEARCH_PAGES,
  ...WAREHOUSE_PAGES,
  ...INVENTORY_PAGES,
  ...WORK_ORDER_PAGES,
  ...ESTIMATE_PAGES,
  ...PRICE_LIST_PAGES,
  '*': corePage(
    () => import('./routes/not-found-page'),
    (m) => m.NotFoundPage,
  ),
};

/** Every route of the domain table (`ROUTES`), under one root layout that guards and frames them. */
export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      // index.html shows the same before any script runs (renderAppLoading in prerender/public-pages.tsx).
      hydrateFallbackElement: <CentredProgress />,
      children: ROUTES.map((access) => ({
        path: access.path,
        handle: { access } satisfies RouteHandle,
        lazy: PAGES[access.path] ?? placeholder,
      })),
    },
  ];
}
