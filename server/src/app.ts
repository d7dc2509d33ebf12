import Fastify from 'fastify';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultStorage } from './lib/default-storage.ts';
import type { Storage } from './lib/storage.ts';
import { authRoutes, createAuth, type Auth } from './plugins/auth.ts';
import { sendError } from './plugins/errors.ts';
import { registerInfrastructure, type InfrastructureOptions } from './plugins/infrastructure.ts';
import { fastifyOptions, type FastifyOptionsInput } from './plugins/fastify-options.ts';
import { apiDocsRoutes } from './plugins/openapi.ts';
import { keepAnswersPrivate } from './plugins/private-answers.ts';
import { seoRoutes } from './plugins/seo.ts';
import { loadRenderer } from './plugins/server-rendering.ts';
import { uploadsRoutes } from './plugins/uploads.ts';
import { pageLoader, webPlugin } from './plugins/web.ts';
import { adminUsersModule } from './modules/admin-users/index.ts';
import { applicationsModule } from './modules/applications/index.ts';
import { auditModule } from './modules/audit/index.ts';
import { consultationsModule } from './modules/consultations/index.ts';
import { contactModule } from './modules/contact/index.ts';
import { cvModule } from './modules/cv/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { healthModule } from './modules/health/index.ts';
import { homePage, listSitemapPaths } from './modules/home/index.ts';
import { createJobListCache, jobPages, jobsModule } from './modules/jobs/index.ts';
import { meModule } from './modules/me/index.ts';
import { Notifier, notificationsModule } from './modules/notifications/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { privacyModule } from './modules/privacy/index.ts';
import { profileModule } from './modules/profile/index.ts';
import { publicConfigModule } from './modules/public-config/index.ts';
import { pushModule } from './modules/push/index.ts';
import { secondFactorModule } from './modules/second-factor/index.ts';
import { timelineModule } from './modules/timeline/index.ts';
import { createTripCatalogueCache, tripPages, tripsModule } from './modules/trips/index.ts';
import { visaModule } from './modules/visa/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    uploads: Storage;
  }
}

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions extends Omit<InfrastructureOptions, 'auth' | 'storage'>, FastifyOptionsInput {
  /** Where uploads live; STORAGE_URL's bucket, or DATA_DIR/uploads on local disk, unless given. */
  storage?: Storage;
  /** Where the built SPA is; tests of the API alone pass null. */
  webDistDir?: string | null;
}

/** The whole product as one Fastify instance; tests build it and call `inject`, no port needed. */
export async function buildApp(options: BuildAppOptions) {
  const { config, db, storage, webDistDir = WEB_DIST_DIR, logger, logStream } = options;
  const uploads = storage ?? (await defaultStorage(config));
  const app = Fastify(fastifyOptions(config, { logger, logStream }));
  if (!storage && 'close' in uploads) app.addHook('onClose', () => (uploads as { close(): void }).close());
  app.decorate('uploads', uploads);
  const auth = createAuth({ config, db, log: app.log });
  app.decorate('auth', auth);
  const publicUrl = config.PUBLIC_URL;
  const notifier = new Notifier({ publicUrl }); // tells people of changes; its emails link to PUBLIC_URL
  // The public lists' answers, read by their routes and by the pages the server draws.
  const trips = createTripCatalogueCache(config.CATALOGUE_CACHE_SECONDS);
  const jobs = createJobListCache(config.CATALOGUE_CACHE_SECONDS);

  await registerInfrastructure(app, { ...options, config, db, auth, storage: uploads });

  // The modules, each with what it needs.
  await app.register(
    async (api) => {
      // Every answer here that its route does not declare public is private, no-store.
      keepAnswersPrivate(api);
      await api.register(apiDocsRoutes, { isProduction: config.isProduction });
      await api.register(healthModule, { db });
      await api.register(meModule);
      await api.register(publicConfigModule, { config, vapidPublicKey: app.vapidPublicKey });
      await api.register(pushModule, { db, endpoints: app.pushEndpoints });
      await api.register(tripsModule, { db, storage: uploads, cache: trips });
      await api.register(jobsModule, { db, storage: uploads, cache: jobs });
      await api.register(consultationsModule, { db, config, notifier });
      await api.register(cvModule, { db });
      await api.register(applicationsModule, { db, notifier });
      await api.register(visaModule, { db, storage: uploads, notifier, cacheSeconds: config.CATALOGUE_CACHE_SECONDS });
      await api.register(contactModule, { db, config, notifier });
      await api.register(profileModule, { db, storage: uploads, notifier, publicUrl });
      await api.register(secondFactorModule, { db, auth, config });
      await api.register(notificationsModule, { db, config, notifier });
      await api.register(timelineModule, { db });
      await api.register(privacyModule, { db });
      await api.register(adminUsersModule, { db });
      await api.register(auditModule, { db });
      await api.register(paymentsModule, { db, config, notifier });
      await api.register(dashboardModule, { db, cacheSeconds: config.CATALOGUE_CACHE_SECONDS });
      await api.register(authRoutes, { auth, config, prefix: '/auth' });
      const notFound = { schema: { hide: true }, config: { changes: [] } };
      api.all('/*', notFound, (request, reply) => sendError(request, reply, 404, 'NOT_FOUND'));
    },
    { prefix: '/api' },
  );

  const clock = app.agencyClock;
  await app.register(uploadsRoutes, { storage: uploads });
  await app.register(seoRoutes, { publicUrl, listPages: (limit) => listSitemapPaths(db, clock, limit) });
  if (webDistDir) {
    // Each public page the server describes or draws, by its key in shared/src/pages.ts.
    const pages = { ...homePage(db, { trips, jobs }, clock), ...tripPages(db, trips), ...jobPages(db, jobs, clock) };
    const renderer = config.SERVER_RENDERING ? await loadRenderer(webDistDir) : null;
    await app.register(webPlugin, {
      distDir: webDistDir,
      publicUrl,
      loadPage: pageLoader(pages),
      drawPage: renderer ? (input) => renderer.render(input) : undefined,
    });
  }
  return app;
}
