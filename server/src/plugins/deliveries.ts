// The delivery queue's worker of this process, and how its pushes reach the browsers' push
// services (docs/decisions/014, 024).
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { PushSender } from '../delivery/push-sender.ts';
import { resolveVapidKeys } from '../delivery/vapid.ts';
import { createWebPushSender } from '../delivery/web-push-sender.ts';
import { DeliveryWorker } from '../delivery/worker.ts';
import { PushEndpointPolicy, type ResolveHost } from '../lib/push-endpoints.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery queue's worker of this process; `drain()` sends everything due (tests). */
    deliveries: DeliveryWorker;
    /** How pushes reach the browser vendors' push services (the delivery worker sends through it). */
    pushSender: PushSender | null;
    /** Which push services a subscription may name (PUSH_SERVICE_HOSTS, public addresses: decision 024). */
    pushEndpoints: PushEndpointPolicy;
    /** The VAPID public key browsers subscribe with. */
    vapidPublicKey: string;
  }
}

export interface DeliveriesOptions {
  config: Config;
  db: Db;
  /** How the worker sends email: nodemailer on SMTP_URL (or printed) unless given. */
  mailer?: Mailer;
  /** How it sends pushes: Web Push with the VAPID keys unless given; null: this process sends none. */
  pushSender?: PushSender | null;
  /** How the push services' host names become addresses (DNS unless given). */
  resolvePushHost?: ResolveHost;
  /** The worker's timings (tests shorten them). */
  delivery?: { pollMs?: number; retryBaseMs?: number; maxAttempts?: number };
}

/**
 * Every email and push waits in the queue, written with the change; this process's worker sends
 * them (decision 014). It stops first when the server closes, while everything it may still be
 * using is open; what it had not sent, the next worker sends.
 */
export const deliveriesPlugin = fp<DeliveriesOptions>(
  async (app, { config, db, mailer, pushSender, resolvePushHost, delivery }) => {
    // Web Push with the VAPID keys (configured, or generated into DATA_DIR on first start).
    const vapid = resolveVapidKeys(config);
    // Only the browsers' push services, at public addresses (PUSH_SERVICE_HOSTS; decision 024).
    const pushEndpoints = new PushEndpointPolicy(config.PUSH_SERVICE_HOSTS, resolvePushHost);
    const sender = pushSender === undefined ? createWebPushSender(vapid, { endpoints: pushEndpoints }) : pushSender;
    const deliveries = new DeliveryWorker({
      db,
      mailer: mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log }),
      pushSender: sender ?? undefined,
      pushEndpoints,
      log: app.log,
      ...delivery,
    });
    app.decorate('deliveries', deliveries);
    app.decorate('pushSender', sender);
    app.decorate('pushEndpoints', pushEndpoints);
    app.decorate('vapidPublicKey', vapid.publicKey);
    app.addHook('onReady', async () => deliveries.start());
    app.addHook('preClose', () => deliveries.stop());
  },
  { name: 'deliveries' },
);
