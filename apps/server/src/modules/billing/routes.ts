/**
 * The billing contracts (`BILLING_ENDPOINTS`): the billing page, checkout and its outcome, the provider's
 * portal, invoice PDFs, and the provider's webhook. Access is the contracts' (admins, an expired shop too;
 * the webhook is public and trusts only its signature). Calls that reach the provider run outside the
 * tenant transaction, so no transaction stays open across the network.
 */
import {
  AppErrorCode,
  type CheckoutResult,
  downloadInvoice as downloadInvoiceEndpoint,
  getBilling as getBillingEndpoint,
  getCheckout as getCheckoutEndpoint,
  openBillingPortal as openBillingPortalEndpoint,
  receiveBillingWebhook,
  startCheckout as startCheckoutEndpoint,
  type Tier,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import type { ModuleDeps } from '../../api/manifest.ts';
import { subscriptions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { organizationName } from '../assemblies/documents.ts';
import { createPortalLink, getBillingHistory, startCheckout } from './checkout.ts';
import type { BillingRuntime } from './index.ts';
import { invoicePdf } from './invoice-pdf.ts';
import {
  applySubscriptionState,
  databaseSeenEvents,
  findInvoice,
  organizationOfCustomer,
  readBilling,
  saveCustomer,
  storedCustomer,
} from './service.ts';
import { handleWebhookRequest, subscriptionState, type WebhookDeps } from './webhook.ts';

const CHECKOUT_NOT_FOUND = 'This checkout was not found';
const INVOICE_NOT_FOUND = 'This invoice was not found';

/** The provider does not know this object (a wrong id, or the test-mode provider restarted since). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

export function billingRoutes({ database, log }: ModuleDeps, billing: BillingRuntime): ContractRoute[] {
  const { stripe, prices, publicUrl } = billing;

  const historyOf = (customerId: string) =>
    getBillingHistory({ stripe, prices, customerId }).catch((error: unknown) => {
      // The plan still changes; the history is read again with the next event.
      log.warn({ err: error }, 'billing: could not read the billing history');
      return null;
    });

  const webhookDeps: WebhookDeps = {
    stripe,
    prices,
    seen: databaseSeenEvents(database),
    findOrganizationByCustomer: (customerId) => organizationOfCustomer(database, customerId),
    async apply(state, event, notice) {
      const history = await historyOf(state.customerId);
      await applySubscriptionState(database, state, {
        eventId: event.id,
        eventType: event.type,
        notice,
        history,
      });
    },
  };

  return [
    implement(getBillingEndpoint).inTransaction((_input, { tx, organizationId }) =>
      readBilling(tx, organizationId, { testMode: billing.testMode }),
    ),

    implement(startCheckoutEndpoint).outsideTransaction(async ({ body }, { auth }) => {
      const { organizationId } = auth;
      const known = await database.withTenant(organizationId, async (tx) => ({
        customerId: await storedCustomer(tx, organizationId),
        name: await organizationName(tx, organizationId),
      }));
      const start = (customerId: string | null) =>
        startCheckout({
          stripe,
          prices,
          organizationId,
          tier: body.tier,
          customerId,
          customerEmail: auth.email,
          organizationName: known.name,
          successUrl: `${publicUrl}/stripe/callback?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${publicUrl}/payment/cancel`,
        });
      let started: Awaited<ReturnType<typeof start>>;
      try {
        started = await start(known.customerId);
      } catch (error) {
        // A customer the provider no longer has (the test-mode provider keeps its state in memory): a new one.
        if (!known.customerId || !isMissing(error)) throw error;
        started = await start(null);
      }
      await database.withTenant(organizationId, (tx) => saveCustomer(tx, organizationId, started.customerId));
      return { url: started.url };
    }),

    implement(getCheckoutEndpoint).outsideTransaction(async ({ params }, { auth }) => {
      const { organizationId } = auth;
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(params.sessionId);
      } catch (error) {
        if (isMissing(error)) throw new AppError(AppErrorCode.NotFound, CHECKOUT_NOT_FOUND);
        throw error;
      }
      // Another organisation's checkout answers like a missing one.
      if ((session.metadata?.organizationId ?? session.client_reference_id) !== organizationId) {
        throw new AppError(AppErrorCode.NotFound, CHECKOUT_NOT_FOUND);
      }
      const subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (session.status === 'complete' && subscriptionId) {
        // Applied now: the webhook may come later (it merges with this, whatever the order).
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const state = subscriptionState(subscription, organizationId, prices, Date.now());
        if (state) {
          await applySubscriptionState(database, state, {
            notice: null,
            history: await historyOf(state.customerId),
          });
        }
      }
      const [plan] = await database.withTenant(organizationId, (tx) =>
        tx
          .select({ tier: subscriptions.tier })
          .from(subscriptions)
          .where(eq(subscriptions.organizationId, organizationId)),
      );
      const status: CheckoutResult['status'] =
        session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
      return { status, tier: (plan?.tier ?? 'trial') as Tier };
    }),

    implement(openBillingPortalEndpoint).outsideTransaction(async (_input, { auth }) => {
      const { organizationId } = auth;
      const customerId = await database.withTenant(organizationId, (tx) =>
        storedCustomer(tx, organizationId),
      );
      const noCustomer = () =>
        new AppError(
          AppErrorCode.Conflict,
          'This shop has not paid by card yet: choose a plan on the upgrade page first.',
        );
      if (!customerId) throw noCustomer();
      try {
        return {
          url: await createPortalLink({ stripe, customerId, returnUrl: `${publicUrl}/organization/billing` }),
        };
      } catch (error) {
        if (isMissing(error)) throw noCustomer();
        throw error;
      }
    }),

    implement(downloadInvoiceEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      const invoice = await findInvoice(tx, organizationId, params.invoiceId);
      if (!invoice) throw new AppError(AppErrorCode.NotFound, INVOICE_NOT_FOUND);
      if (billing.testMode) {
        const pdf = await invoicePdf(invoice, {
          shopName: await organizationName(tx, organizationId),
          testMode: true,
        });
        return { data: pdf.data, contentType: 'application/pdf', fileName: pdf.fileName };
      }
      // Stripe's own PDF of the invoice (its `invoice_pdf` link needs no key).
      const unavailable = new AppError(
        AppErrorCode.Conflict,
        'The payment provider has no PDF of this invoice yet. Try again in a few minutes.',
      );
      if (!invoice.providerPdfUrl) throw unavailable;
      const response = await fetch(invoice.providerPdfUrl).catch(() => null);
      if (!response?.ok) throw unavailable;
      return {
        data: new Uint8Array(await response.arrayBuffer()),
        contentType: 'application/pdf',
        fileName: `invoice-${invoice.number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`,
      };
    }),

    implement(receiveBillingWebhook).publicly(async (_input, { request }) => {
      const outcome = await handleWebhookRequest(webhookDeps, {
        rawBody: request.rawBody ?? '',
        signature: request.headers['stripe-signature'],
        secret: billing.webhookSecret,
      });
      request.log.info({ eventId: outcome.eventId, outcome: outcome.kind }, 'billing webhook');
      return { received: true };
    }),
  ];
}
