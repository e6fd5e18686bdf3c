/** Builds the Fastify application: security headers, errors, authentication, every module's routes. */

import { AppErrorCode, type ErrorBody } from '@hosewright/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError } from './lib/errors.ts';
import { assemblyRoutes, assemblySearchProviders } from './modules/assemblies/index.ts';
import { installAuth, type RegisteredRoute } from './modules/auth/plugin.ts';
import { createTokenVerifier } from './modules/auth/tokens.ts';
import { componentRoutes } from './modules/components/routes.ts';
import { componentSearch } from './modules/components/search.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { customerRoutes, customerSearchProviders } from './modules/customers/index.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { registerIdentity } from './modules/identity/index.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { type JobWorker, startJobWorker } from './modules/jobs/worker.ts';
import { kitRoutes, kitSearchProviders } from './modules/kits/index.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { organizationRoutes } from './modules/organization/routes.ts';
import { installRealtime, type Realtime } from './modules/realtime/socket.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { spaRoutes, systemRoutes } from './modules/system/routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

export interface HosewrightApp {
  app: FastifyInstance;
  mailer: Mailer;
  /** The notifications socket (socket.io on this app's HTTP server). */
  realtime: Realtime;
  /** Every registered route with its declared access, for the route-table tests. */
  routes: RegisteredRoute[];
}

export async function buildApp({ config, database, logger }: AppDeps): Promise<HosewrightApp> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    trustProxy: true,
    bodyLimit: 10 * 1024 * 1024,
  });
  const mailer = createMailer(config, database, app.log);
  const verifyToken = await createTokenVerifier(config, database);
  const routes = installAuth(app, database, verifyToken);
  const realtime = await installRealtime(app, { config, database, verifyToken });

  // Security headers from one helmet middleware made once (@fastify/helmet made a new one, parsing the policy
  // again, for every request: 7% of a cached list's time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(config.embeddedIdentity ? [] : [new URL(config.issuer).origin])],
        frameSrc: ["'self'", ...(config.embeddedIdentity ? [] : [new URL(config.issuer).origin])],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  // The configurator is made to be framed by a shop's own site (API mode): its pages may be embedded by
  // EMBED_ORIGINS; every other page only by this app.
  const embedAncestors = ["'self'", ...config.EMBED_ORIGINS].join(' ');
  app.addHook('onSend', (request, reply, payload, done) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath === '/configurator' || urlPath === '/iframe/hoseassembly') {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${embedAncestors}`),
        );
      }
      reply.removeHeader('x-frame-options');
    }
    done(null, payload);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send(error.toBody());
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
      return reply.code(err.statusCode).send({
        statusCode: err.statusCode,
        code: AppErrorCode.BadRequest,
        message: err.message ?? 'Bad request',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = {
      statusCode: 500,
      code: AppErrorCode.Internal,
      message: 'Something went wrong on our side',
    };
    return reply.code(500).send(body);
  });

  if (config.embeddedIdentity) await registerIdentity(app, { config, database, mailer });
  systemRoutes(app, config, database);
  sessionRoutes(app, database);
  organizationRoutes(app, { config, database, mailer });
  dashboardRoutes(app, database);
  componentRoutes(app, database);
  customerRoutes(app, database);
  assemblyRoutes(app, database, { publicUrl: config.publicUrl, sharedCounter: realtime.sharedCounter });
  kitRoutes(app, database);
  searchRoutes(app, database, [
    componentSearch,
    ...customerSearchProviders,
    ...assemblySearchProviders,
    ...kitSearchProviders,
  ]);
  importRoutes(app, { database, config });
  notificationRoutes(app, database, realtime);
  imageRoutes(app, database);
  contactRoutes(app, { config, database, mailer, sharedCounter: realtime.sharedCounter });
  await spaRoutes(app, config);

  let worker: JobWorker | undefined;
  app.addHook('onClose', async () => worker?.stop());

  await app.ready();
  worker = startJobWorker({
    database,
    log: app.log,
    onProgress: (job, progress) => {
      if (job.userId) {
        realtime.publishProgress(
          { organizationId: job.organizationId, userId: job.userId },
          { jobId: job.id, progress },
        );
      }
    },
  });
  return { app, mailer, realtime, routes };
}
