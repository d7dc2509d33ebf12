import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { configuredPaymentMethods } from '../payments/index.ts';

export const PublicConfigSchema = z.object({
  googleEnabled: z.boolean(),
  /** The VAPID public key browsers subscribe to pushes with (`applicationServerKey`). */
  vapidPublicKey: z.string(),
  /** The ways of paying offered online (none: staff record payments by hand). */
  paymentMethods: z.array(z.enum(['qpay', 'card'])),
});

/** GET /api/config: what the web needs to know about this installation (no secrets). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ config: Config; vapidPublicKey: string }> = async (
  app,
  { config, vapidPublicKey },
) => {
  app.get(
    '/config',
    {
      config: { publicCache: true },
      schema: {
        tags: ['system'],
        summary: 'Public settings of this installation',
        response: { 200: PublicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { googleEnabled: config.googleEnabled, vapidPublicKey, paymentMethods: configuredPaymentMethods(config) };
    },
  );
};
