// What every module stands on, registered on the app before them, in this order: zod's
// validation and serialization, the process's lifecycle (draining on stop), request ids, the
// metrics, the change feed and the caches' tags, the agency clock, the delivery queue's worker,
// the privacy sweep, errors, security headers, the same-origin rule, sessions, idempotent writes,
// the PDF pool and the API's description.
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { agencyClockPlugin } from '../lib/agency-clock.ts';
import { changesPlugin } from '../lib/changes.ts';
import { lifecyclePlugin } from '../lib/lifecycle.ts';
import { metricsPlugin } from '../lib/metrics.ts';
import { requestIdPlugin } from '../lib/request-id.ts';
import type { Storage } from '../lib/storage.ts';
import { cvPdfsPlugin } from '../lib/pdfs.ts';
import { cvPdfRenderer } from '../modules/cv/index.ts';
import { privacySweepPlugin, type PrivacySweepOptions } from '../modules/privacy/index.ts';
import { visaPdfRenderer } from '../modules/visa/index.ts';
import { receiptPdfRenderer } from '../modules/payments/index.ts';
import { trustedOrigins, type Auth } from './auth.ts';
import { deliveriesPlugin, type DeliveriesOptions } from './deliveries.ts';
import { errorsPlugin } from './errors.ts';
import { idempotencyPlugin } from './idempotency.ts';
import { openApiPlugin } from './openapi.ts';
import { sameOriginPlugin } from './same-origin.ts';
import { securityPlugin } from './security.ts';
import { sessionPlugin } from './session.ts';

export interface InfrastructureOptions extends DeliveriesOptions {
  auth: Auth;
  storage: Storage;
  sweep?: PrivacySweepOptions['sweep'];
}

export async function registerInfrastructure(app: FastifyInstance, options: InfrastructureOptions) {
  const { config, db, auth, storage, sweep } = options;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(lifecyclePlugin);
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { db });
  await app.register(changesPlugin, { connectionString: db.$client.options.connectionString! });
  await app.register(agencyClockPlugin, { db });
  await app.register(deliveriesPlugin, options);
  await app.register(privacySweepPlugin, { db, storage, publicUrl: config.PUBLIC_URL, sweep });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isProduction: config.isProduction });
  await app.register(sameOriginPlugin, { origins: trustedOrigins(config) });
  await app.register(sessionPlugin, { auth, db, staffTwoFactor: config.STAFF_TWO_FACTOR });
  await app.register(idempotencyPlugin, { db });
  await app.register(cvPdfsPlugin, {
    renderers: { cv: cvPdfRenderer, visa: visaPdfRenderer, receipt: receiptPdfRenderer },
  });
  await app.register(openApiPlugin, { auth, config });
}
