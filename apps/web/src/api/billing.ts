/**
 * Subscriptions and card payments (the contracts in the domain's `billing/billing.ts`): the billing history,
 * starting a checkout, reading what came of it, the provider's portal and invoice PDFs. Admins only; each
 * answers with an expired plan too, so an expired shop can pay.
 */
import {
  downloadInvoice,
  getBilling,
  getCheckout,
  getUserRolesAndSubscription,
  openBillingPortal,
  type PaidPlanTier,
  startCheckout,
} from '@hosewright/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { saveDownload } from '@/lib/download';
import { leaveApp } from '@/lib/navigation';
import { storeRolesAndSubscription } from '@/lib/session';
import { call } from './call';
import { ROOT_KEYS } from './keys';

const root = ROOT_KEYS.billing;
export const billingKeys = {
  all: root,
  billing: () => [...root, 'billing'] as const,
  checkout: (sessionId: string) => [...root, 'checkout', sessionId] as const,
};

/** The plan, its renewal, the card on file and the invoices. */
export const billingQuery = () =>
  queryOptions({
    queryKey: billingKeys.billing(),
    queryFn: ({ signal }) => call(getBilling, undefined, { signal }),
  });

/**
 * What came of a checkout, applied to the plan by the server; once complete, the roles and subscription the
 * router guard reads are fetched again, so the padlocks go at once.
 */
export const checkoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.checkout(sessionId),
    queryFn: async ({ signal }) => {
      const result = await call(getCheckout, { params: { sessionId } }, { signal });
      if (result.status === 'complete') {
        storeRolesAndSubscription(await call(getUserRolesAndSubscription, undefined, { signal }));
      }
      return result;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** Starts paying for a plan: the answer is the provider's checkout page, which the browser goes to. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (tier: PaidPlanTier) => call(startCheckout, { body: { tier } }),
    onSuccess: ({ url }) => leaveApp(url),
  });
}

/** Opens the provider's page for the card, plan changes and cancellation. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () => call(openBillingPortal, undefined),
    onSuccess: ({ url }) => leaveApp(url),
  });
}

/** Saves one invoice as a PDF named by its number. */
export async function saveInvoice(invoiceId: string, number: string): Promise<void> {
  const file = await call(downloadInvoice, { params: { invoiceId } });
  saveDownload(file, `invoice-${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`);
}
