import { ConfigError, loadConfig } from './config.ts';
import type { buildApp } from './app.ts';
import { createDb, migrateDb } from './db/client.ts';
import { startEmbeddedPostgres, takeShutdownSignals, type EmbeddedDatabase } from './db/embedded.ts';
import { ConfiguredStaff } from './plugins/staff-role.ts';
import { demoAdminRefusal, productionRefusals, refusalMessage } from './production-start.ts';

/** Owns the process: configuration, database, listening, and a clean shutdown on Ctrl-C. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const refusals = productionRefusals(config);
  if (refusals.length > 0) {
    console.error(refusalMessage(refusals));
    process.exit(1);
  }

  // The app's modules take seconds to load: they load while the database starts.
  const loading = Promise.all([import('./app.ts'), import('./db/seed.ts'), import('./lib/metrics.ts')]);
  loading.catch(() => undefined);

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`starting the embedded PostgreSQL in ${config.DATA_DIR}/postgres ...`);
    try {
      embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        onNotice: (message) => console.warn(message),
        // Serving 503s for ever helps nobody: exit so that a supervisor starts everything afresh.
        onGiveUp: (message) => {
          console.error(`${message} Aylal exits so that its supervisor can start it again.`);
          process.exit(1);
        },
      });
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
    databaseUrl = embedded.url;
  }

  const db = createDb(databaseUrl);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received: shutting down`);
    const drainMs = config.SHUTDOWN_DRAIN_SECONDS * 1000;
    const force = setTimeout(() => process.exit(1), drainMs + 15_000);
    force.unref();
    try {
      // Readiness 503 and the live streams sent elsewhere; requests are still served while load
      // balancers notice. Then no new connection is taken, and those in flight are finished.
      app?.lifecycle.drain();
      if (app && drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app?.close();
      await db.$client.end();
      await embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  takeShutdownSignals();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await migrateDb(db);
    const demoAdmin = config.isProduction ? await demoAdminRefusal(db) : undefined;
    if (demoAdmin) throw new Error(refusalMessage([demoAdmin]));
    // Admins the old ADMIN_EMAILS rule made unverified lose the role until verified (decision 022).
    const revoked = await new ConfiguredStaff(db, config.ADMIN_EMAILS).revokeUnverified();
    if (revoked > 0) console.log(`${revoked} unverified admin account(s) from ADMIN_EMAILS are users until verified`);
    const [{ buildApp }, { runSeeds }, { serveMetrics }] = await loading;
    app = await buildApp({ config, db });
    if (config.SEED_DEMO) {
      await runSeeds({
        db,
        auth: app.auth,
        storage: app.uploads,
        dataDir: config.DATA_DIR,
        log: (message) => console.log(message),
      });
    }
    await app.listen({ port: config.PORT, host: config.HOST });
    if (config.METRICS_PORT) {
      await serveMetrics(app, config.METRICS_PORT, config.METRICS_HOST);
      app.log.info(`metrics on http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
    }
    app.log.info(`Aylal is ready on ${config.PUBLIC_URL}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await db.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

void main();
