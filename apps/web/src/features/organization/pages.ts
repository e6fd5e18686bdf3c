import { type LazyPage, page } from '@/lib/lazy-page';

const organizationPage = page(
  () => import('./pages/organization-page'),
  (m) => m.OrganizationPage,
);

/** Organisation pages by route path (as in `ROUTES`). */
export const ORGANIZATION_PAGES: Readonly<Record<string, LazyPage>> = {
  '/organization': organizationPage,
  '/organization/:initialTab': organizationPage,
  '/organization/billing': page(
    () => import('./pages/billing-page'),
    (m) => m.BillingPage,
  ),
};
