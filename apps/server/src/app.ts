/** Builds the Fastify application: security headers, errors, authentication, every module's routes. */

import multipart from '@fastify/multipart';
import { type AnyEndpoint, AppErrorCode, type ErrorBody } from '@hosewright/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { declaredErrorCodes, registerContractRoute } from './api/contract-route.ts';
import { registerApiDocs } from './api/docs.ts';
import type { ModuleDeps, ModuleManifest } from './api/manifest.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { installApiRateLimits } from './lib/api-rate-limit.ts';
import { AppError } from './lib/errors.ts';
import { installSecurityHeaders } from './lib/security-headers.ts';
import { apiKeysModule, installApiLog } from './modules/apikeys/routes.ts';
import { createApiTokens } from './modules/apikeys/tokens.ts';
import { assembliesModule } from './modules/assemblies/index.ts';
import { createAuthenticator, installAuth, type RegisteredRoute } from './modules/auth/plugin.ts';
import { createTokenVerifier } from './modules/auth/tokens.ts';
import { type BillingRuntime, billingModule } from './modules/billing/index.ts';
import { componentsModule } from './modules/components/index.ts';
import { contactModule } from './modules/contact/routes.ts';
import { currenciesModule } from './modules/currencies/routes.ts';
import { customersModule } from './modules/customers/index.ts';
import { dashboardModule } from './modules/dashboard/routes.ts';
import { estimatesModule } from './modules/estimates/index.ts';
import { registerIdentity, SignInThrottle } from './modules/identity/index.ts';
import { imagesModule } from './modules/images/routes.ts';
import { importsModule } from './modules/imports/index.ts';
import { createImportTargets } from './modules/imports/target-registry.ts';
import type { ImportTargets } from './modules/imports/targets.ts';
import { inventoryModule } from './modules/inventory/index.ts';
import type { JobHandler } from './modules/jobs/types.ts';
import { type JobWorker, startJobWorker } from './modules/jobs/worker.ts';
import { kitsModule } from './modules/kits/index.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { notificationsModule } from './modules/notifications/routes.ts';
import { organizationModule } from './modules/organization/routes.ts';
import { priceListsModule } from './modules/pricelists/index.ts';
import { installRealtime, type Realtime } from './modules/realtime/socket.ts';
import { searchModule } from './modules/search/routes.ts';
import { sessionModule } from './modules/session/routes.ts';
import { readVersion, spaRoutes, systemModule, systemPages } from './modules/system/routes.ts';
import { teamModule } from './modules/team/routes.ts';
import { warehousesModule } from './modules/warehouses/index.ts';
import { workOrdersModule } from './modules/workorders/index.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Check every answer and error code against its contract (on in the tests). */
  validateResponses?: boolean;
  /** The time the API's rate-limit windows go by, when not in Redis (tests move it); Date.now otherwise. */
  rateLimitClock?: () => number;
  /** How long a job's claim holds without a heartbeat (`jobs/worker.ts`); the crash test shortens it. */
  jobLeaseMs?: number;
}

export interface HosewrightApp {
  app: FastifyInstance;
  mailer: Mailer;
  /** The notifications socket (socket.io on this app's HTTP server). */
  realtime: Realtime;
  /** Every registered route with its declared access, for the route-table tests. */
  routes: RegisteredRoute[];
  /** Every endpoint contract the app implements (the OpenAPI document and the generated suites). */
  contracts: AnyEndpoint[];
  /** The import targets every module declared (for scripts and benchmarks that run an import directly). */
  importTargets: ImportTargets;
  /** How the app reaches its payment provider (tests read the test-mode provider's events from it). */
  billing: BillingRuntime;
}

export async function buildApp({
  config,
  database,
  logger,
  validateResponses = false,
  rateLimitClock,
  jobLeaseMs,
}: AppDeps): Promise<HosewrightApp> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const mailer = createMailer(config, database, app.log);
  const apiTokens = await createApiTokens(database);
  const verifyToken = await createTokenVerifier(config, database, apiTokens);
  const authenticator = createAuthenticator(database, verifyToken);
  app.addHook('onClose', async () => authenticator.close());
  const realtime = await installRealtime(app, { config, database, authenticator });
  // Before the auth hook, so that a request refused for its token still counts against its address.
  const sharedCounter = realtime.sharedCounter;
  installApiRateLimits(app, { config, sharedCounter, clock: rateLimitClock });
  const routes = installAuth(app, authenticator);
  installApiLog(app, database);
  // Uploads are parsed only by the contracts that take a file (the limits are theirs).
  await app.register(multipart);

  installSecurityHeaders(app, config);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      const declared = validateResponses ? declaredErrorCodes(request) : undefined;
      if (declared && !declared.includes(error.code)) {
        const body: ErrorBody = {
          statusCode: 500,
          code: AppErrorCode.Internal,
          message: `${request.routeOptions.config.contract?.name} answered ${error.code} ("${error.message}"), which its contract does not list`,
        };
        return reply.code(500).send(body);
      }
      return reply.code(error.statusCode).send(error.toBody());
    }
    const err = error as { validation?: unknown; statusCode?: number; message?: string };
    if (err.validation) {
      const body: ErrorBody = {
        statusCode: 400,
        code: AppErrorCode.BadRequest,
        message: 'Some of the information sent is not valid',
        details: { issues: err.validation },
      };
      return reply.code(400).send(body);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const body: ErrorBody = {
        statusCode: err.statusCode,
        code: err.statusCode === 413 ? AppErrorCode.PayloadTooLarge : AppErrorCode.BadRequest,
        message: err.message ?? 'Bad request',
      };
      return reply.code(err.statusCode).send(body);
    }
    if (isUniqueViolation(error)) {
      // Two saves of the same thing at the same moment: the services check first, and the database's unique
      // index refuses the one that lost the race.
      const body: ErrorBody = {
        statusCode: 409,
        code: AppErrorCode.Conflict,
        message: 'Someone saved the same thing at the same moment. Load it again, then try once more.',
      };
      return reply.code(409).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = {
      statusCode: 500,
      code: AppErrorCode.Internal,
      message: 'Something went wrong on our side',
    };
    return reply.code(500).send(body);
  });

  // Every address nothing answers, whatever the method: the same JSON body as every other error.
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      statusCode: 404,
      code: AppErrorCode.NotFound,
      message: `No such address: ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.code(404).send(body);
  });

  if (config.embeddedIdentity) {
    const loginLimiter = realtime.sharedThrottle
      ? new SignInThrottle({ store: realtime.sharedThrottle })
      : undefined;
    await registerIdentity(app, {
      config,
      database,
      mailer,
      loginLimiter,
      sharedCounter: realtime.sharedCounter,
    });
  }
  systemPages(app, config, database);

  const deps: ModuleDeps = { config, database, mailer, realtime, log: app.log };
  // It mounts the test-mode provider when there are no Stripe keys, and keeps the webhook's raw body.
  const billing = billingModule(deps, app);
  const modules: ModuleManifest[] = [
    systemModule(deps),
    sessionModule(),
    organizationModule(deps),
    currenciesModule(deps),
    teamModule(deps),
    apiKeysModule(deps, apiTokens),
    notificationsModule(deps),
    imagesModule(),
    contactModule(deps),
    componentsModule(deps),
    customersModule(deps),
    assembliesModule(deps),
    kitsModule(deps),
    warehousesModule(deps),
    inventoryModule(deps),
    workOrdersModule(deps),
    estimatesModule(deps),
    priceListsModule(deps),
    billing,
  ];
  const importTargets = createImportTargets(modules.flatMap((m) => m.importTargets ?? []));
  modules.push(importsModule(deps, importTargets));
  modules.push(dashboardModule(importTargets));
  modules.push(searchModule(modules.flatMap((m) => m.searchProviders ?? [])));
  const jobHandlers: Record<string, JobHandler> = {};
  for (const module of modules) {
    for (const [type, handler] of Object.entries(module.jobHandlers ?? {})) {
      if (jobHandlers[type]) throw new Error(`two modules handle the job type ${type}`);
      jobHandlers[type] = handler;
    }
  }
  app.addHook('onClose', async () => {
    for (const module of modules) module.close?.();
  });
  const contracts: AnyEndpoint[] = [];
  for (const module of modules) {
    for (const route of module.routes ?? []) {
      registerContractRoute(app, route, { database, validateResponses });
      contracts.push(route.endpoint);
    }
  }
  registerApiDocs(app, contracts, { serverUrl: config.publicUrl, version: String(readVersion(config)) });
  await spaRoutes(app, config);

  let worker: JobWorker | undefined;
  app.addHook('onClose', async () => worker?.stop());

  await app.ready();
  worker = startJobWorker({
    database,
    log: app.log,
    handlers: jobHandlers,
    leaseMs: jobLeaseMs,
    onProgress: (job, progress) => {
      if (job.userId) {
        realtime.publishProgress(
          { organizationId: job.organizationId, userId: job.userId },
          { jobId: job.id, progress },
        );
      }
    },
  });
  return { app, mailer, realtime, routes, contracts, importTargets, billing: billing.billing };
}

/** PostgreSQL's unique_violation (23505), as the driver throws it or as Drizzle wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    depth += 1
  ) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}
