import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Whether this process is on its way out (issue 26). A stop first drains: the readiness answer
 * turns 503 so a load balancer sends new requests elsewhere, and whatever holds a connection open
 * for good (the live streams) lets go with a hint to come back; only then does the server stop
 * listening and finish the requests in flight (server.ts).
 */
export class Lifecycle {
  #stopping = false;
  readonly #drains: (() => void)[] = [];

  get stopping(): boolean {
    return this.#stopping;
  }

  /** `drain` runs once, when the process starts to stop. */
  onDrain(drain: () => void): void {
    this.#drains.push(drain);
  }

  drain(): void {
    if (this.#stopping) return;
    this.#stopping = true;
    for (const drain of this.#drains) drain();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('lifecycle', new Lifecycle());
  },
  { name: 'lifecycle' },
);
