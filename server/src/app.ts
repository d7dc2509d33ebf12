import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { localStorage, type Storage } from './lib/storage.ts';
import type { S3Storage } from './lib/s3-storage.ts';
import { parseQueryString } from './lib/query-string.ts';
import { ChangeFeed } from './lib/listen-for-changes.ts';
import { uploadsRoutes } from './plugins/uploads.ts';
import { authRoutes, createAuth, describeAuthRoutes, trustedOrigins, type Auth } from './plugins/auth.ts';
import { answerFrameworkError, errorsPlugin, sendError } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { keepAnswersPrivate } from './plugins/private-answers.ts';
import { securityPlugin } from './plugins/security.ts';
import { seoRoutes } from './plugins/seo.ts';
import { findLiveSessions, sessionPlugin } from './plugins/session.ts';
import { pageLoader, webPlugin } from './plugins/web.ts';
import { adminUsersRoutes } from './modules/admin-users/routes.ts';
import { adminHistoryRoutes } from './modules/audit/routes.ts';
import { timelineRoutes } from './modules/timeline/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import { publicConfigRoutes } from './modules/public-config/routes.ts';
import { adminTripsRoutes, tripsRoutes } from './modules/trips/routes.ts';
import { adminConsultationsRoutes, consultationsRoutes } from './modules/consultations/routes.ts';
import { ConsultationMail } from './modules/consultations/mail.ts';
import { adminNotificationsRoutes, notificationsRoutes } from './modules/notifications/routes.ts';
import { adminDashboardRoutes } from './modules/dashboard/routes.ts';
import { configureNotifications } from './modules/notifications/notify.ts';
import { DeliveryWorker } from './delivery/worker.ts';
import { PrivacySweep } from './modules/privacy/sweep.ts';
import { adminPrivacyRoutes } from './modules/privacy/admin-routes.ts';
import { logError, logRequest } from './lib/log-errors.ts';
import type { PushSender } from './delivery/push-sender.ts';
import { adminJobsRoutes, jobsRoutes } from './modules/jobs/routes.ts';
import { configureJobsCache, listOpenJobPaths } from './modules/jobs/service.ts';
import { cvRoutes } from './modules/cv/routes.ts';
import { accountRoutes, profileRoutes } from './modules/profile/routes.ts';
import { cvPdfsPlugin } from './modules/cv/pdfs.ts';
import { adminVisaPdfRoutes, visaPdfRoutes } from './modules/visa/pdf-routes.ts';
import { adminApplicationsRoutes, applicationsRoutes } from './modules/applications/routes.ts';
import { adminVisaRoutes } from './modules/visa/admin-routes.ts';
import { adminContactRoutes } from './modules/contact/admin-routes.ts';
import { secondFactorRoutes } from './modules/second-factor/routes.ts';
import {
  forgetContactListOnChange,
  listenForContactChanges,
  type ContactListCache,
} from './modules/contact/list-cache.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { forgetVisaListOnChange, listenForVisaChanges, type VisaListCache } from './modules/visa/list-cache.ts';
import { forgetDashboardOnChange, listenForDashboardChanges, type DashboardCache } from './modules/dashboard/cache.ts';
import { ListeningCache } from './lib/listening-cache.ts';
import { configureCatalogueCache, listPublishedTripPaths } from './modules/trips/service.ts';
import { tripPages } from './modules/trips/page-data.ts';
import { jobPages } from './modules/jobs/page-data.ts';
import { homePage } from './modules/home/page-data.ts';
import { loadRenderer } from './plugins/server-rendering.ts';
import { NotificationHub } from './modules/notifications/hub.ts';
import { notificationStreamRoutes } from './modules/notifications/stream.ts';
import { pushRoutes } from './modules/push/routes.ts';
import { visaRoutes } from './modules/visa/routes.ts';
import { resolveVapidKeys } from './delivery/vapid.ts';
import { createWebPushSender } from './delivery/web-push-sender.ts';
import { PushEndpointPolicy, type ResolveHost } from './lib/push-endpoints.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    uploads: Storage;
    /** The delivery queue's worker of this process; `drain()` sends everything due (tests). */
    deliveries: DeliveryWorker;
    /** How pushes reach the browser vendors' push services (the delivery worker sends through it). */
    pushSender: PushSender | null;
    /** Retention, queued file removals and orphan files (docs/decisions/027); `runOnce()` in tests. */
    privacySweep: PrivacySweep;
  }
}

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** How the delivery worker sends email: nodemailer on SMTP_URL (or printed) unless given. */
  mailer?: Mailer;
  /**
   * How it sends pushes: Web Push with the VAPID keys (configured or generated into DATA_DIR) unless
   * given; null: this process sends none (they wait in the queue for one that does).
   */
  pushSender?: PushSender | null;
  /**
   * How the push services' host names become addresses (DNS unless given: tests, which have no
   * DNS to the internet, pass a stand-in). The addresses are checked either way (decision 024).
   */
  resolvePushHost?: ResolveHost;
  /** The delivery worker's timings (tests shorten them). */
  delivery?: { pollMs?: number; retryBaseMs?: number; maxAttempts?: number };
  /** The privacy sweep's timings; `start: false` leaves it to `runOnce()` (tests that sweep on a given day). */
  sweep?: { start?: boolean; intervalMs?: number; retryMs?: number };
  /** Where uploads live; STORAGE_URL's bucket, or DATA_DIR/uploads on local disk, unless given. */
  storage?: Storage;
  /** Where the built SPA is; tests of the API alone pass null. */
  webDistDir?: string | null;
  logger?: boolean;
  /** Where the log's lines go: standard output unless given (tests read them). */
  logStream?: { write: (line: string) => void };
}

/**
 * STORAGE_URL's bucket, checked (created when missing) before anything is served; else local disk.
 * A bucket that cannot be reached stops the start with a message naming it.
 */
async function defaultStorage(config: Config): Promise<Storage> {
  if (!config.s3) return localStorage(path.join(config.DATA_DIR, 'uploads'));
  // Loaded only when used: the AWS SDK is large (and warns about Node 20 as it loads).
  const { s3Storage } = await import('./lib/s3-storage.ts');
  const storage = s3Storage(config.s3);
  try {
    await storage.prepare();
  } catch (error) {
    storage.close();
    const where = config.s3.endpoint ? ` at ${config.s3.endpoint}` : '';
    throw new Error(
      `STORAGE_URL: the bucket "${config.s3.bucket}"${where} cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return storage;
}

/** The whole product as one Fastify instance; tests build it and call `inject`, no port needed. */
export async function buildApp({
  config,
  db,
  mailer,
  pushSender,
  resolvePushHost,
  delivery,
  sweep,
  storage,
  webDistDir = WEB_DIST_DIR,
  logger,
  logStream,
}: BuildAppOptions) {
  const uploads = storage ?? (await defaultStorage(config));
  const app = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: {
              err: (error) => logError(error) as { type: string; message: string; stack: string },
              req: logRequest,
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The one LISTEN connection of this process: the session cache, staff's visa list, inbox and
  // dashboard, and the live notifications all hear of changes made by any process through it.
  const changes = new ChangeFeed({ connectionString: db.$client.options.connectionString!, log: app.log });
  app.addHook('onClose', () => changes.close());
  configureCatalogueCache(config.CATALOGUE_CACHE_SECONDS);
  configureJobsCache(config.CATALOGUE_CACHE_SECONDS);
  // Staff's list of visa applications is kept as long, and forgotten at any change to an
  // application in any process (the database notifies) and before this one answers a change.
  const visaList: VisaListCache = new ListeningCache(config.CATALOGUE_CACHE_SECONDS * 1000);
  // So is each period's dashboard, forgotten at any change to what it counts (and with its day).
  const dashboards: DashboardCache = new ListeningCache(config.CATALOGUE_CACHE_SECONDS * 1000);
  if (config.CATALOGUE_CACHE_SECONDS > 0) {
    app.addHook('onClose', listenForVisaChanges(changes, visaList));
    app.addHook('onClose', listenForDashboardChanges(changes, dashboards));
  }
  app.addHook('onSend', forgetVisaListOnChange(visaList));
  app.addHook('onSend', forgetDashboardOnChange(dashboards));
  // Staff's contact inbox the same way (docs/decisions/017).
  const contactList: ContactListCache = new ListeningCache(config.CATALOGUE_CACHE_SECONDS * 1000);
  if (config.CATALOGUE_CACHE_SECONDS > 0) app.addHook('onClose', listenForContactChanges(changes, contactList));
  app.addHook('onSend', forgetContactListOnChange(contactList));
  if (!storage && 'close' in uploads) app.addHook('onClose', () => (uploads as S3Storage).close());
  app.decorate('uploads', uploads);
  configureNotifications({ publicUrl: config.PUBLIC_URL });
  const auth = createAuth({ config, db, log: app.log });
  app.decorate('auth', auth);
  const consultationMail = new ConsultationMail({ publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM });
  // Web Push with the VAPID keys (configured, or generated into DATA_DIR on first start).
  const vapid = resolveVapidKeys(config);
  // Only the browsers' push services, at public addresses (PUSH_SERVICE_HOSTS; decision 024).
  const pushEndpoints = new PushEndpointPolicy(config.PUSH_SERVICE_HOSTS, resolvePushHost);
  const resolvedPushSender =
    pushSender === undefined ? createWebPushSender(vapid, { endpoints: pushEndpoints }) : pushSender;
  // Every email and push waits in the queue, written with the change; this process's worker sends
  // them (decision 014). It stops with the server; what it had not sent, the next worker sends.
  const deliveries = new DeliveryWorker({
    db,
    mailer: mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
    pushSender: resolvedPushSender ?? undefined,
    pushEndpoints,
    log: app.log,
    ...delivery,
  });
  app.decorate('deliveries', deliveries);
  app.addHook('onReady', async () => deliveries.start());
  // Stopped first, while everything it may still be using is open.
  app.addHook('preClose', () => deliveries.stop());
  // At start and every hour, in one process at a time: retention by outcome, old drafts, sent
  // emails' bodies, old access records, queued file removals and orphan files (docs/decisions/027).
  const privacySweep = new PrivacySweep({ db, storage: uploads, log: app.log, publicUrl: config.PUBLIC_URL, ...sweep });
  app.decorate('privacySweep', privacySweep);
  if (sweep?.start !== false) app.addHook('onReady', async () => privacySweep.start());
  app.addHook('preClose', () => privacySweep.stop());
  const authDescription = await describeAuthRoutes(auth);
  // This process's live side: LISTENs (on first use) and forwards to the streams open here.
  const notificationHub = new NotificationHub({
    feed: changes,
    checkSessions: (tokens) => findLiveSessions(db, config.STAFF_TWO_FACTOR, tokens),
    pool: db.$client,
    heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
    log: app.log,
  });
  // Open streams would hold the server's close: end them first (browsers reconnect elsewhere).
  app.addHook('preClose', () => notificationHub.close());
  app.decorate('pushSender', resolvedPushSender);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isProduction: config.isProduction });
  await app.register(sameOriginPlugin, { origins: trustedOrigins(config) });
  await app.register(sessionPlugin, { auth, db, changes, staffTwoFactor: config.STAFF_TWO_FACTOR });
  await app.register(idempotencyPlugin, { db });
  await app.register(cvPdfsPlugin);
  await app.register(swagger, {
    openapi: {
      // zod's JSON Schemas (type arrays, propertyNames) are OpenAPI 3.1's dialect.
      openapi: '3.1.0',
      info: {
        title: 'Aylal API',
        version: '1.0.0',
        description:
          'Errors answer `{ error: { code, message, details? } }`; messages follow Accept-Language (en, mn).',
      },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
    // Every route is described, Better Auth's included.
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      return {
        ...document,
        paths: { ...document.paths, ...authDescription.paths },
        components: {
          ...('components' in document ? document.components : {}),
          schemas: {
            ...('components' in document ? document.components?.schemas : {}),
            ...authDescription.components?.schemas,
          },
        },
      } as typeof document;
    },
  });
  await app.register(
    async (api) => {
      // Every answer here that its route does not declare public is private, no-store.
      keepAnswersPrivate(api);
      // The API's description is for the agency's developers: staff only in production. The guard
      // is a hook of the scope the description's routes are registered in, so it holds for each of
      // them however its path is spelled (decision 021).
      await api.register(async (docs) => {
        if (config.isProduction) docs.addHook('onRequest', app.requireAdmin);
        await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
      });
      await api.register(healthRoutes, { db });
      await api.register(meRoutes);
      await api.register(publicConfigRoutes, { config, vapidPublicKey: vapid.publicKey });
      await api.register(pushRoutes, { db, endpoints: pushEndpoints });
      await api.register(tripsRoutes, { db });
      await api.register(adminUsersRoutes, { db, prefix: '/admin' });
      await api.register(adminHistoryRoutes, { db, prefix: '/admin' });
      await api.register(timelineRoutes, { db });
      await api.register(adminTripsRoutes, { db, storage: uploads, prefix: '/admin' });
      await api.register(consultationsRoutes, { db, mail: consultationMail });
      await api.register(adminConsultationsRoutes, { db, mail: consultationMail, prefix: '/admin' });
      await api.register(jobsRoutes, { db, storage: uploads });
      await api.register(adminJobsRoutes, { db, storage: uploads, prefix: '/admin' });
      await api.register(cvRoutes, { db });
      await api.register(profileRoutes, { db });
      await api.register(accountRoutes, { db, storage: uploads, publicUrl: config.PUBLIC_URL });
      await api.register(secondFactorRoutes, { db, auth, config });
      await api.register(applicationsRoutes, { db });
      await api.register(adminApplicationsRoutes, { db, prefix: '/admin' });
      await api.register(visaRoutes, { db, storage: uploads });
      await api.register(visaPdfRoutes, { db });
      await api.register(adminVisaPdfRoutes, { db, prefix: '/admin' });
      await api.register(adminVisaRoutes, { db, storage: uploads, list: visaList, prefix: '/admin' });
      await api.register(adminPrivacyRoutes, { db, prefix: '/admin' });
      await api.register(contactRoutes, { db, config });
      await api.register(adminContactRoutes, { db, list: contactList, prefix: '/admin' });
      await api.register(notificationsRoutes, { db });
      await api.register(adminNotificationsRoutes, { db, prefix: '/admin' });
      await api.register(adminDashboardRoutes, { db, kept: dashboards, prefix: '/admin' });
      await api.register(notificationStreamRoutes, { hub: notificationHub });
      await api.register(authRoutes, { auth, config, prefix: '/auth' });
      api.all('/*', { schema: { hide: true } }, (request, reply) => sendError(request, reply, 404, 'NOT_FOUND'));
    },
    { prefix: '/api' },
  );

  await app.register(uploadsRoutes, { storage: uploads });
  await app.register(seoRoutes, {
    publicUrl: config.PUBLIC_URL,
    // Newest first; each list gets half the room, and the room the other leaves.
    listPages: async (limit) => {
      const [tripPaths, jobPaths] = await Promise.all([listPublishedTripPaths(db, limit), listOpenJobPaths(db, limit)]);
      const jobs = jobPaths.slice(0, Math.max(limit - tripPaths.length, Math.floor(limit / 2)));
      return [...tripPaths.slice(0, limit - jobs.length), ...jobs];
    },
  });
  if (webDistDir) {
    const renderer = config.SERVER_RENDERING ? await loadRenderer(webDistDir) : null;
    await app.register(webPlugin, {
      distDir: webDistDir,
      publicUrl: config.PUBLIC_URL,
      // Each public page the server describes or draws, by its key in shared/src/pages.ts.
      loadPage: pageLoader({ ...homePage(db), ...tripPages(db), ...jobPages(db) }),
      drawPage: renderer ? (input) => renderer.render(input) : undefined,
    });
  }

  return app;
}
