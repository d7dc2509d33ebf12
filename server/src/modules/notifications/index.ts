// Notifications as one plugin (docs/decisions/014, 032): a person's and the staff feed, the live
// stream this process serves, fed by the change feed, and for staff the emails and pushes that
// failed or are being retried (decision 034).
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findLiveSessions } from '../../plugins/session.ts';
import { NotificationHub } from './hub.ts';
import { adminNotificationsRoutes, notificationsRoutes } from './routes.ts';
import { notificationStreamRoutes } from './stream.ts';
import { staffDeliveriesRoutes } from './deliveries-routes.ts';
import { tellStaffOfFailedEmail } from './deliveries.ts';
import type { Notifier } from './notify.ts';

export { Notifier } from './notify.ts';
export { loadRecipients, type Recipient } from './recipients.ts';
export { markHandled } from './service.ts';

export const notificationsModule: FastifyPluginAsync<{ db: Db; config: Config; notifier: Notifier }> = async (
  app,
  { db, config, notifier },
) => {
  // This process's live side: LISTENs (on first use) and forwards to the streams open here.
  const hub = new NotificationHub({
    feed: app.changeFeed,
    checkSessions: (tokens) => findLiveSessions(db, config.STAFF_TWO_FACTOR, tokens),
    pool: db.$client,
    heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
    log: app.log,
  });
  // Open streams would hold the server's close: end them first (browsers reconnect elsewhere),
  // as soon as the process starts to stop.
  app.lifecycle.onDrain(() => hub.drain());
  app.metrics.gauge('aylal_live_streams_open', 'Live notification streams open on this process', () => hub.streamCount);
  app.addHook('preClose', () => hub.close());
  // An email given up on after its last attempt is news for the staff.
  app.deliveries.onEmailFailed((tx, email) => tellStaffOfFailedEmail(tx, notifier, email));
  await app.register(notificationsRoutes, { db });
  await app.register(adminNotificationsRoutes, { db, prefix: '/admin' });
  await app.register(staffDeliveriesRoutes, { db, prefix: '/admin' });
  await app.register(notificationStreamRoutes, { hub });
};
