/**
 * The test-mode provider's pages: checkout with Stripe's test cards and the extra confirmation step, the
 * customer portal (cancel or renew at period end, switch plan, change card), invoices with a PDF, and the
 * clock endpoint for end-to-end tests. Every page carries the test-mode banner. Plain HTML forms, no
 * script, so they work under the app's content security policy when the plugin is mounted in the app.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import { type PaymentOutcome, ProviderError, type TestPaymentProvider } from './test-provider.ts';
import type { CheckoutSessionRecord, InvoiceRecord } from './test-provider-store.ts';

/** Public: a shopper reaches these from the provider's links, and the provider checks what it needs. */
const PUBLIC = { config: { access: { public: true } } } as const;

type Params = Record<string, unknown>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(cents: number, currency: string): string {
  return `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;
}

function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

export const TEST_MODE_BANNER = 'TEST MODE: test payments only; no real card is charged.';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Test mode</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:0 auto;padding:1rem;color:#1a1a1a}
.banner{background:#ff9800;color:#000;font-weight:600;padding:.5rem .75rem;border-radius:4px;margin-bottom:1rem}
label{display:block;margin:.75rem 0 .25rem}input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{font-size:1rem;padding:.6rem 1rem;margin-top:1rem;cursor:pointer}
.error{color:#b00020;font-weight:600}.muted{color:#555;font-size:.9rem}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ddd}
</style></head>
<body><div class="banner" role="status">${escapeHtml(TEST_MODE_BANNER)}</div>
${body}
</body></html>`;
}

function sendPage(reply: FastifyReply, statusCode: number, title: string, body: string) {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page(title, body));
}

function checkoutForm(
  provider: TestPaymentProvider,
  session: CheckoutSessionRecord,
  error: string | null,
): string {
  const price = provider.price(session.priceId);
  const amount = money((price?.unitAmount ?? 0) * session.quantity, price?.currency ?? 'usd');
  return `<h1>Subscribe to ${escapeHtml(price?.productName ?? session.priceId)}</h1>
<p><strong>${escapeHtml(amount)}</strong> per month</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/test-stripe/checkout/${escapeHtml(session.id)}">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" placeholder="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123">
<button type="submit">Pay ${escapeHtml(amount)} (test)</button>
</form>
<p class="muted">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined;
4000 0025 0000 3155 asks for an extra confirmation step. Any future expiry and any CVC.</p>
${session.cancelUrl ? `<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and go back</a></p>` : ''}`;
}

function authenticationPage(session: CheckoutSessionRecord): string {
  const action = `/test-stripe/checkout/${escapeHtml(session.id)}/authenticate`;
  return `<h1>Confirm this payment</h1>
<p>Your bank asks you to confirm this payment (a test of 3D Secure authentication).</p>
<form method="post" action="${action}"><input type="hidden" name="result" value="complete">
<button type="submit">Complete authentication</button></form>
<form method="post" action="${action}"><input type="hidden" name="result" value="fail">
<button type="submit">Fail authentication</button></form>`;
}

function answerPayment(provider: TestPaymentProvider, reply: FastifyReply, outcome: PaymentOutcome) {
  switch (outcome.kind) {
    case 'succeeded':
    case 'already_paid':
      return reply.redirect(outcome.redirectUrl, 303);
    case 'requires_action':
      return sendPage(reply, 200, 'Confirm this payment', authenticationPage(outcome.session));
    case 'failed':
      return sendPage(
        reply,
        402,
        'Checkout',
        outcome.session.status === 'open'
          ? checkoutForm(provider, outcome.session, outcome.message)
          : `<p class="error" role="alert">${escapeHtml(outcome.message)}</p>${
              outcome.session.cancelUrl
                ? `<p><a href="${escapeHtml(outcome.session.cancelUrl)}">Go back</a></p>`
                : ''
            }`,
      );
  }
}

function formField(request: FastifyRequest, name: string): string {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

export function registerPages(
  scope: FastifyInstance,
  provider: TestPaymentProvider,
  options: { clock: boolean } = { clock: true },
): void {
  type IdParams = { Params: { id: string } };

  const notFound = (reply: FastifyReply, error: unknown) => {
    if (error instanceof ProviderError && error.statusCode === 404) {
      return sendPage(
        reply,
        404,
        'Not found',
        '<h1>This page does not exist</h1><p>The link may be wrong or old.</p>',
      );
    }
    throw error;
  };

  scope.get<IdParams>('/test-stripe/checkout/:id', PUBLIC, async (request, reply) => {
    try {
      const session = await provider.getCheckoutSession(request.params.id);
      if (session.status === 'complete')
        return reply.redirect(session.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', session.id), 303);
      if (session.status === 'expired') {
        return answerPayment(provider, reply, {
          kind: 'failed',
          message: 'This checkout session has expired.',
          session,
        });
      }
      if (session.pendingPaymentMethod)
        return sendPage(reply, 200, 'Confirm this payment', authenticationPage(session));
      return sendPage(reply, 200, 'Checkout', checkoutForm(provider, session, null));
    } catch (error) {
      return notFound(reply, error);
    }
  });

  scope.post<IdParams>('/test-stripe/checkout/:id', PUBLIC, async (request, reply) => {
    try {
      const outcome = await provider.payCheckoutSession(request.params.id, formField(request, 'cardNumber'));
      return answerPayment(provider, reply, outcome);
    } catch (error) {
      return notFound(reply, error);
    }
  });

  scope.post<IdParams>('/test-stripe/checkout/:id/authenticate', PUBLIC, async (request, reply) => {
    try {
      const approve = formField(request, 'result') === 'complete';
      const outcome = await provider.authenticateCheckoutSession(request.params.id, approve);
      return answerPayment(provider, reply, outcome);
    } catch (error) {
      if (error instanceof ProviderError && error.statusCode === 400) {
        return reply.redirect(`/test-stripe/checkout/${encodeURIComponent(request.params.id)}`, 303);
      }
      return notFound(reply, error);
    }
  });

  scope.get<IdParams>('/test-stripe/portal/:id', PUBLIC, async (request, reply) => {
    try {
      const session = await provider.getPortalSession(request.params.id);
      return sendPage(
        reply,
        200,
        'Billing portal',
        await portalBody(provider, session.id, session.customer, session.returnUrl, null),
      );
    } catch (error) {
      return notFound(reply, error);
    }
  });

  scope.post<{ Params: { id: string; action: string } }>(
    '/test-stripe/portal/:id/:action',
    PUBLIC,
    async (request, reply) => {
      try {
        const session = await provider.getPortalSession(request.params.id);
        const subscriptionId = formField(request, 'subscription');
        const owned = async () => {
          const subscription = await provider.getSubscription(subscriptionId);
          if (subscription.customer !== session.customer)
            throw ProviderError.missing('subscription', subscriptionId);
          return subscription;
        };
        let error: string | null = null;
        switch (request.params.action) {
          case 'cancel':
            await provider.updateSubscription((await owned()).id, { cancelAtPeriodEnd: true });
            break;
          case 'resume':
            await provider.updateSubscription((await owned()).id, { cancelAtPeriodEnd: false });
            break;
          case 'plan': {
            const priceId = formField(request, 'price');
            if (!provider.price(priceId)) throw ProviderError.missing('price', priceId);
            await provider.changePlan((await owned()).id, priceId);
            break;
          }
          case 'card': {
            const result = await provider.updateCustomerCard(
              session.customer,
              formField(request, 'cardNumber'),
            );
            if (!result.ok) error = result.message;
            break;
          }
          default:
            throw ProviderError.missing('portal action', request.params.action);
        }
        if (error) {
          return sendPage(
            reply,
            402,
            'Billing portal',
            await portalBody(provider, session.id, session.customer, session.returnUrl, error),
          );
        }
        return reply.redirect(`/test-stripe/portal/${encodeURIComponent(session.id)}`, 303);
      } catch (error) {
        return notFound(reply, error);
      }
    },
  );

  scope.get<IdParams>('/test-stripe/invoices/:id', PUBLIC, async (request, reply) => {
    try {
      const invoice = await provider.getInvoice(request.params.id);
      return sendPage(
        reply,
        200,
        `Invoice ${invoice.number}`,
        `<h1>Invoice ${escapeHtml(invoice.number)}</h1>${invoiceTable(provider, invoice)}
<p><a href="/test-stripe/invoices/${escapeHtml(invoice.id)}/pdf">Download PDF</a></p>`,
      );
    } catch (error) {
      return notFound(reply, error);
    }
  });

  scope.get<IdParams>('/test-stripe/invoices/:id/pdf', PUBLIC, async (request, reply) => {
    try {
      const invoice = await provider.getInvoice(request.params.id);
      const pdf = await invoicePdf(provider, invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .send(pdf);
    } catch (error) {
      return notFound(reply, error);
    }
  });

  // The clock, for tests that cannot reach the provider object: `{ "advanceSeconds": n }`.
  scope.get('/test-stripe/clock', PUBLIC, async () => ({ now: await provider.now() }));
  if (!options.clock) return;
  scope.post('/test-stripe/clock', PUBLIC, async (request, reply) => {
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
    const seconds = Number(body.advanceSeconds);
    if (!Number.isFinite(seconds) || seconds < 0) {
      return reply.code(400).send({ message: 'advanceSeconds must be a number of seconds, 0 or more' });
    }
    return { now: await provider.advanceClock(seconds) };
  });
}

async function portalBody(
  provider: TestPaymentProvider,
  portalId: string,
  customerId: string,
  returnUrl: string | null,
  error: string | null,
): Promise<string> {
  const customer = await provider.getCustomer(customerId);
  const method = customer.defaultPaymentMethod
    ? await provider.getPaymentMethod(customer.defaultPaymentMethod)
    : null;
  const subscriptions = await provider.listSubscriptions({ customer: customerId });
  const base = `/test-stripe/portal/${escapeHtml(portalId)}`;
  const rows = subscriptions.map((s) => {
    const price = provider.price(s.priceId);
    const others = provider.priceCatalogue.filter((p) => p.id !== s.priceId);
    const hidden = `<input type="hidden" name="subscription" value="${escapeHtml(s.id)}">`;
    return `<section><h2>${escapeHtml(price?.productName ?? s.priceId)}</h2>
<p>${escapeHtml(money((price?.unitAmount ?? 0) * s.quantity, price?.currency ?? 'usd'))} per month · status ${escapeHtml(s.status)}</p>
<p>${s.cancelAtPeriodEnd ? `Cancels on ${day(s.currentPeriodEnd)}` : `Renews on ${day(s.currentPeriodEnd)}`}</p>
${s.scheduledPriceId ? `<p>Changes to ${escapeHtml(provider.price(s.scheduledPriceId)?.productName ?? s.scheduledPriceId)} on ${day(s.currentPeriodEnd)}</p>` : ''}
${
  s.cancelAtPeriodEnd
    ? `<form method="post" action="${base}/resume">${hidden}<button type="submit">Renew plan</button></form>`
    : `<form method="post" action="${base}/cancel">${hidden}<button type="submit">Cancel plan</button></form>`
}
${others
  .map(
    (p) =>
      `<form method="post" action="${base}/plan">${hidden}<input type="hidden" name="price" value="${escapeHtml(p.id)}"><button type="submit">Switch to ${escapeHtml(p.productName)}</button></form>`,
  )
  .join('\n')}
</section>`;
  });
  return `<h1>Billing portal</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${rows.join('\n') || '<p>No active subscription.</p>'}
<h2>Payment method</h2>
<p>${method ? `${escapeHtml(method.brand)} ending in ${escapeHtml(method.last4)}` : 'No card on file'}</p>
<form method="post" action="${base}/card">
<label for="cardNumber">New card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" required>
<button type="submit">Update card</button></form>
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to Hosewright</a></p>` : ''}`;
}

function invoiceTable(provider: TestPaymentProvider, invoice: InvoiceRecord): string {
  const price = provider.price(invoice.priceId);
  return `<table>
<tr><th>Number</th><td>${escapeHtml(invoice.number)}</td></tr>
<tr><th>Date</th><td>${day(invoice.created)}</td></tr>
<tr><th>Period</th><td>${day(invoice.periodStart)} to ${day(invoice.periodEnd)}</td></tr>
<tr><th>Plan</th><td>${escapeHtml(price?.productName ?? invoice.priceId)}</td></tr>
<tr><th>Amount</th><td>${escapeHtml(money(invoice.amountDue, invoice.currency))}</td></tr>
<tr><th>Status</th><td>${escapeHtml(invoice.status)}</td></tr>
</table>`;
}

/** A one-page invoice marked as a test payment (Stripe serves its own PDFs in production). */
function invoicePdf(provider: TestPaymentProvider, invoice: InvoiceRecord): Promise<Buffer> {
  const price = provider.price(invoice.priceId);
  const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: `Invoice ${invoice.number}` } });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(12).fillColor('#b35900').text(TEST_MODE_BANNER);
    doc.moveDown().fillColor('#000').fontSize(20).text(`Invoice ${invoice.number}`);
    doc.moveDown().font('Helvetica').fontSize(11);
    const rows: [string, string][] = [
      ['Date', day(invoice.created)],
      ['Period', `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`],
      ['Plan', price?.productName ?? invoice.priceId],
      ['Amount', money(invoice.amountDue, invoice.currency)],
      ['Currency', invoice.currency.toUpperCase()],
      ['Status', invoice.status],
    ];
    for (const [label, value] of rows) doc.text(`${label}: ${value}`);
    doc.end();
  });
}
