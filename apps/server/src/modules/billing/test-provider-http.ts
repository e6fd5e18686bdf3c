/**
 * The test-mode provider's HTTP face, a Fastify plugin:
 * - `/v1/...`: the Stripe API subset our billing code calls, spoken the way the official SDK speaks it
 *   (form-encoded bodies with bracketed keys, `Bearer sk_test_…` keys, idempotency keys, `expand[]`,
 *   Stripe's error bodies), so `new Stripe(key, { host, port, protocol })` works against it unchanged;
 * - `/test-stripe/...`: the pages a shopper sees (checkout with the test cards, the extra confirmation
 *   step, the customer portal, invoices and their PDFs), each labelled as a test payment, and a clock
 *   endpoint for end-to-end tests.
 *
 * It registers as an encapsulated plugin, so it runs either on its own Fastify instance
 * (`startTestProviderServer`, which tests and a dev setup use) or inside the app.
 */

import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ProviderError, type TestPaymentProvider } from './test-provider.ts';
import {
  renderCheckoutSession,
  renderCustomer,
  renderInvoice,
  renderList,
  renderPaymentMethod,
  renderPortalSession,
  renderSubscription,
  type StripeJson,
} from './test-provider-objects.ts';
import { registerPages } from './test-provider-pages.ts';

/** The provider checks its own API keys; our session checks do not apply to it. */
const PUBLIC = { config: { access: { public: true } } } as const;

type Params = Record<string, unknown>;

// --------------------------------------------------------------------------------------- request parsing

/**
 * Parses a form body or query string the way Stripe reads the SDK's encoding: `a[b][0][c]=v` nests,
 * numeric segments make arrays, `a[]=v` appends.
 */
export function parseStripeForm(text: string): Params {
  const root: Params = {};
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const head = key.split('[', 1)[0] ?? key;
    const segments = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: Params = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        node[name] = value;
      } else {
        const next = node[name];
        if (typeof next !== 'object' || next === null) node[name] = {};
        node = node[name] as Params;
      }
    });
  }
  return arraysFromIndexes(root) as Params;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Params).map(([k, v]) => [k, arraysFromIndexes(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

function text(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function required(params: Params, name: string): string {
  const value = text(params, name);
  if (value === undefined) {
    throw new ProviderError(
      400,
      'invalid_request_error',
      `Missing required param: ${name}.`,
      'parameter_missing',
      name,
    );
  }
  return value;
}

function flag(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw ProviderError.invalid(`Invalid boolean: ${String(value)}`, name);
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function nested(params: Params, name: string): Params {
  const value = params[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};
}

function firstOf(params: Params, name: string): Params {
  const value = params[name];
  const first = Array.isArray(value) ? value[0] : undefined;
  return typeof first === 'object' && first !== null ? (first as Params) : {};
}

function queryOf(request: FastifyRequest): Params {
  const url = request.raw.url ?? '';
  const index = url.indexOf('?');
  return index === -1 ? {} : parseStripeForm(url.slice(index + 1));
}

function paramsOf(request: FastifyRequest): Params {
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Params) : {};
  return { ...queryOf(request), ...body };
}

// ------------------------------------------------------------------------------------------------ plugin

export interface TestProviderPluginOptions {
  provider: TestPaymentProvider;
  /** Serve `POST /test-stripe/clock` (tests only: it renews or ends every subscription). Default true. */
  clock?: boolean;
}

export async function testProviderPlugin(
  scope: FastifyInstance,
  options: TestProviderPluginOptions,
): Promise<void> {
  const { provider } = options;
  // Scoped to this plugin: the rest of the app keeps its own body parsers.
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, parseStripeForm(String(body))),
  );
  registerApi(scope, provider);
  registerPages(scope, provider, { clock: options.clock ?? true });
}

/** A Fastify instance serving only the provider, listening on `host:port` (0: any free port). */
export async function startTestProviderServer(
  provider: TestPaymentProvider,
  options: { host?: string; port?: number } = {},
): Promise<{ url: string; host: string; port: number; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(testProviderPlugin, { provider });
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const url = `http://${host}:${port}`;
  provider.setPublicUrl(url);
  return { url, host, port, close: () => app.close() };
}

// ------------------------------------------------------------------------------------------------- API

function registerApi(scope: FastifyInstance, provider: TestPaymentProvider): void {
  const inflight = new Map<string, Promise<{ statusCode: number; body: string }>>();

  scope.register(
    async (api) => {
      api.addHook('onRequest', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const key = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!key.startsWith('sk_test_')) {
          const message = key
            ? `Invalid API Key provided: ${key.slice(0, 8)}…. The local test-mode provider takes test keys (sk_test_…) only.`
            : 'You did not provide an API key.';
          return reply
            .code(401)
            .header('content-type', 'application/json')
            .send(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
        }
      });

      api.setErrorHandler((error, _request, reply) => {
        const failure =
          error instanceof ProviderError
            ? error
            : new ProviderError(
                (error as { statusCode?: number }).statusCode === 400 ? 400 : 500,
                (error as { statusCode?: number }).statusCode === 400 ? 'invalid_request_error' : 'api_error',
                error instanceof Error ? error.message : String(error),
              );
        reply
          .code(failure.statusCode)
          .header('content-type', 'application/json')
          .send(JSON.stringify(failure.toJson()));
      });

      /**
       * Answers a call. A POST with an idempotency key answers the first result again for a retry, as Stripe
       * does, so a retried "create checkout session" never makes a second session.
       */
      const answer =
        (handler: (request: FastifyRequest, params: Params) => Promise<StripeJson>) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const params = paramsOf(request);
          const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
          const run = async () => {
            try {
              const body = await handler(request, params);
              return { statusCode: 200, body: JSON.stringify(await expand(provider, body, params.expand)) };
            } catch (error) {
              if (!(error instanceof ProviderError)) throw error;
              return { statusCode: error.statusCode, body: JSON.stringify(error.toJson()) };
            }
          };
          let result: { statusCode: number; body: string };
          if (typeof key === 'string' && key) {
            const storeKey = `${request.headers.authorization} ${key}`;
            const fingerprint = `${request.method} ${request.url} ${JSON.stringify(params)}`;
            const previous = await provider.store.getIdempotentAnswer(storeKey);
            if (previous) {
              if (previous.requestFingerprint !== fingerprint) {
                throw new ProviderError(
                  400,
                  'invalid_request_error',
                  `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                  'idempotency_key_in_use',
                );
              }
              reply.header('idempotent-replayed', 'true');
              result = previous;
            } else {
              let running = inflight.get(storeKey);
              if (!running) {
                running = run().then(async (r) => {
                  await provider.store.putIdempotentAnswer(storeKey, {
                    requestFingerprint: fingerprint,
                    ...r,
                  });
                  return r;
                });
                inflight.set(storeKey, running);
                running.finally(() => inflight.delete(storeKey)).catch(() => undefined);
              }
              result = await running;
            }
          } else {
            result = await run();
          }
          reply
            .code(result.statusCode)
            .header('content-type', 'application/json')
            .header('request-id', requestId());
          return reply.send(result.body);
        };

      const context = () => provider.renderContext;
      type IdParams = { Params: { id: string } };

      api.post(
        '/customers',
        PUBLIC,
        answer(async (_r, p) =>
          renderCustomer(
            await provider.createCustomer({
              email: text(p, 'email') ?? null,
              name: text(p, 'name') ?? null,
              metadata: stringMap(p.metadata),
            }),
          ),
        ),
      );
      api.get<IdParams>(
        '/customers/:id',
        PUBLIC,
        answer(async (r) => renderCustomer(await provider.getCustomer((r.params as { id: string }).id))),
      );
      api.get<IdParams>(
        '/payment_methods/:id',
        PUBLIC,
        answer(async (r) =>
          renderPaymentMethod(await provider.getPaymentMethod((r.params as { id: string }).id)),
        ),
      );

      api.post(
        '/checkout/sessions',
        PUBLIC,
        answer(async (_r, p) => {
          const mode = required(p, 'mode');
          if (mode !== 'subscription') {
            throw ProviderError.invalid(
              'The local test-mode provider supports subscription mode only.',
              'mode',
            );
          }
          const item = firstOf(p, 'line_items');
          const priceId = text(item, 'price');
          if (!priceId) {
            throw new ProviderError(
              400,
              'invalid_request_error',
              'Missing required param: line_items[0][price].',
              'parameter_missing',
              'line_items[0][price]',
            );
          }
          const quantity = Number(text(item, 'quantity') ?? '1');
          if (!Number.isInteger(quantity) || quantity < 1)
            throw ProviderError.invalid('Invalid integer', 'line_items[0][quantity]');
          const session = await provider.createCheckoutSession({
            customer: text(p, 'customer') ?? null,
            customerEmail: text(p, 'customer_email') ?? null,
            clientReferenceId: text(p, 'client_reference_id') ?? null,
            priceId,
            quantity,
            successUrl: required(p, 'success_url'),
            cancelUrl: text(p, 'cancel_url') ?? null,
            metadata: stringMap(p.metadata),
            subscriptionMetadata: stringMap(nested(p, 'subscription_data').metadata),
          });
          return renderCheckoutSession(context(), session);
        }),
      );
      api.get(
        '/checkout/sessions',
        PUBLIC,
        answer(async (_r, p) =>
          paginate(
            '/v1/checkout/sessions',
            (
              await provider.listCheckoutSessions({
                customer: text(p, 'customer'),
                status: text(p, 'status'),
                subscription: text(p, 'subscription'),
              })
            ).map((s) => renderCheckoutSession(context(), s)),
            p,
          ),
        ),
      );
      api.get<IdParams>(
        '/checkout/sessions/:id',
        PUBLIC,
        answer(async (r) =>
          renderCheckoutSession(
            context(),
            await provider.getCheckoutSession((r.params as { id: string }).id),
          ),
        ),
      );
      api.post<IdParams>(
        '/checkout/sessions/:id/expire',
        PUBLIC,
        answer(async (r) =>
          renderCheckoutSession(
            context(),
            await provider.expireCheckoutSession((r.params as { id: string }).id),
          ),
        ),
      );

      api.get(
        '/subscriptions',
        PUBLIC,
        answer(async (_r, p) =>
          paginate(
            '/v1/subscriptions',
            (
              await provider.listSubscriptions({
                customer: text(p, 'customer'),
                status: text(p, 'status'),
                price: text(p, 'price'),
              })
            ).map((s) => renderSubscription(context(), s)),
            p,
          ),
        ),
      );
      api.get<IdParams>(
        '/subscriptions/:id',
        PUBLIC,
        answer(async (r) =>
          renderSubscription(context(), await provider.getSubscription((r.params as { id: string }).id)),
        ),
      );
      api.post<IdParams>(
        '/subscriptions/:id',
        PUBLIC,
        answer(async (r, p) => {
          const item = firstOf(p, 'items');
          const updated = await provider.updateSubscription((r.params as { id: string }).id, {
            cancelAtPeriodEnd: flag(p, 'cancel_at_period_end'),
            priceId: text(item, 'price'),
            defaultPaymentMethod: text(p, 'default_payment_method'),
            metadata: stringMap(p.metadata),
          });
          return renderSubscription(context(), updated);
        }),
      );
      api.delete<IdParams>(
        '/subscriptions/:id',
        PUBLIC,
        answer(async (r) =>
          renderSubscription(context(), await provider.cancelSubscription((r.params as { id: string }).id)),
        ),
      );

      api.get(
        '/invoices',
        PUBLIC,
        answer(async (_r, p) =>
          paginate(
            '/v1/invoices',
            (
              await provider.listInvoices({
                customer: text(p, 'customer'),
                subscription: text(p, 'subscription'),
                status: text(p, 'status'),
              })
            ).map((i) => renderInvoice(context(), i)),
            p,
          ),
        ),
      );
      api.get<IdParams>(
        '/invoices/:id',
        PUBLIC,
        answer(async (r) =>
          renderInvoice(context(), await provider.getInvoice((r.params as { id: string }).id)),
        ),
      );

      api.post(
        '/billing_portal/sessions',
        PUBLIC,
        answer(async (_r, p) =>
          renderPortalSession(
            context(),
            await provider.createPortalSession({
              customer: required(p, 'customer'),
              returnUrl: text(p, 'return_url') ?? null,
            }),
          ),
        ),
      );

      // Anything else is a call this provider does not implement: say so in Stripe's words.
      api.setNotFoundHandler((request, reply) => {
        reply
          .code(404)
          .header('content-type', 'application/json')
          .send(
            JSON.stringify({
              error: {
                type: 'invalid_request_error',
                message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). The local test-mode provider implements only the calls Hosewright makes.`,
              },
            }),
          );
      });
    },
    { prefix: '/v1' },
  );
}

/** Stripe's cursor pagination: `limit` (default 10, at most 100) and `starting_after`. */
function paginate(url: string, data: StripeJson[], params: Params): StripeJson {
  const limit = Math.min(Math.max(Number(text(params, 'limit') ?? '10') || 10, 1), 100);
  const after = text(params, 'starting_after');
  const start = after ? data.findIndex((o) => o.id === after) + 1 : 0;
  const page = data.slice(start, start + limit);
  return renderList(url, page, start + limit < data.length);
}

/** `expand[]`: replaces an id (at a path such as `subscription` or `data.latest_invoice`) with its object. */
async function expand(provider: TestPaymentProvider, body: StripeJson, paths: unknown): Promise<StripeJson> {
  const list = Array.isArray(paths) ? paths : typeof paths === 'string' ? [paths] : [];
  for (const path of list) {
    if (typeof path !== 'string') continue;
    const targets =
      path.startsWith('data.') && Array.isArray(body.data) ? (body.data as StripeJson[]) : [body];
    const field = path.startsWith('data.') ? path.slice(5) : path;
    for (const target of targets) {
      const id = target[field];
      if (typeof id === 'string') target[field] = await objectById(provider, id);
    }
  }
  return body;
}

async function objectById(provider: TestPaymentProvider, id: string): Promise<StripeJson | string> {
  const context = provider.renderContext;
  if (id.startsWith('cus_')) return renderCustomer(await provider.getCustomer(id));
  if (id.startsWith('sub_')) return renderSubscription(context, await provider.getSubscription(id));
  if (id.startsWith('in_')) return renderInvoice(context, await provider.getInvoice(id));
  if (id.startsWith('pm_')) return renderPaymentMethod(await provider.getPaymentMethod(id));
  return id;
}

function requestId(): string {
  return `req_test_${Math.random().toString(36).slice(2, 16)}`;
}
