// What a write changes, said once by its route, and the caches that forget when it does
// (docs/decisions/032). A route that changes data declares it: `config: { changes: ['contact'] }`.
// A cache says which of those tags it shows (`app.changes.keep(cache, { tags, channel })`): when a
// route's answer succeeds, the caches of this process kept under one of its tags forget before the
// answer leaves; other processes hear of the same change from the database's triggers on the
// cache's channel. No URL decides what a cache forgets.

import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ChangeFeed, listenForChanges, type ChangeListener } from './listen-for-changes.ts';
import { ListeningCache } from './listening-cache.ts';

/**
 * What a write may change that a cache shows. Each tag names data, not a cache: a cache picks the
 * tags of what it shows.
 */
export const CHANGE_TAGS = [
  /** A person's account: signing up, a name, a role, deleting it. */
  'account',
  /** What a session shows (signed in or out, a second factor): auth's answers, reads included. */
  'session',
  /** A consultation: booked, moved, cancelled, confirmed, its place. */
  'consultation',
  /** The agency's hours (their time zone places every list's days). */
  'hours',
  /** A contact message or its conversation. */
  'contact',
  /** A visa application staff see (not a draft: a draft is the applicant's alone), its dependants or payment. */
  'visa',
  /** A trip in the catalogue, its departures or pictures. */
  'trip',
  /** A job, its status or files. */
  'job',
  /** A job application or its state. */
  'job-application',
] as const;

export type ChangeTag = (typeof CHANGE_TAGS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a successful answer of this route changes (`[]`: nothing a cache shows). Every route
     * but GET and HEAD must say it; a read that writes (auth's links) may too.
     */
    changes?: readonly ChangeTag[];
  }
  interface FastifyRequest {
    /** Tags only the handler knows it changed (a save that was not a draft's), forgotten like the route's. */
    changed(...tags: ChangeTag[]): void;
  }
  interface FastifyInstance {
    /** The process's caches by the tags they forget on (see lib/changes.ts). */
    changes: ChangeTags;
    /** The process's one LISTEN connection (lib/listen-for-changes.ts). */
    changeFeed: ChangeFeed;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CHANGED = Symbol('changed');
type RequestWithChanges = { [CHANGED]?: ChangeTag[] };

/** The caches of one process, by tag. */
export class ChangeTags {
  private readonly byTag = new Map<ChangeTag, Set<Pick<ChangeListener, 'forgetAll'>>>();
  private readonly stops: (() => Promise<void>)[] = [];

  constructor(
    private readonly feed: ChangeFeed,
    /** Counts a cache's reads under its name (the metrics). */
    private readonly countRead: (cache: string, hit: boolean) => void = () => undefined,
  ) {}

  /**
   * Forgets `cache` when a route answers a change under one of `tags` in this process, and, given
   * a channel, when its triggers notify (any process; nothing is kept while it is not listened to).
   */
  keep(
    cache: ChangeListener | Pick<ChangeListener, 'forgetAll'>,
    options: { tags: readonly ChangeTag[]; channel?: string; name?: string },
  ) {
    if ('observe' in cache) {
      // Named in the metrics by what the module calls it, else by the tags it forgets on.
      const name = options.name ?? options.tags.join('+');
      (cache as { observe: (hit: boolean) => void }).observe = (hit) => this.countRead(name, hit);
    }
    for (const tag of options.tags) {
      let set = this.byTag.get(tag);
      if (!set) this.byTag.set(tag, (set = new Set()));
      set.add(cache);
    }
    // A cache that keeps nothing (CATALOGUE_CACHE_SECONDS=0) need not listen.
    const keeps = !(cache instanceof ListeningCache) || cache.keepsAnswers;
    if (options.channel && 'setListening' in cache && keeps) {
      this.stops.push(listenForChanges(this.feed, options.channel, cache));
    }
  }

  /** Stops listening on the caches' channels. */
  async close(): Promise<void> {
    await Promise.all(this.stops.splice(0).map((stop) => stop()));
  }

  /** This process changed what `tags` name: its caches kept under them forget. */
  forget(tags: Iterable<ChangeTag>): void {
    const caches = new Set<Pick<ChangeListener, 'forgetAll'>>();
    for (const tag of tags) for (const cache of this.byTag.get(tag) ?? []) caches.add(cache);
    for (const cache of caches) cache.forgetAll();
  }
}

/**
 * The change feed and the caches' tags for the whole app, and the one hook that forgets: a route's
 * successful answer forgets its declared tags (and those its handler added) before it leaves, so
 * the writer's next read is never older than its write. A writing route that declares nothing
 * fails the start.
 */
export const changesPlugin = fp(
  async (app, { connectionString }: { connectionString: string }) => {
    const feed = new ChangeFeed({ connectionString, log: app.log });
    // The caches' reads are counted where the app has metrics (lib/metrics.ts, registered before).
    const metrics = app.hasDecorator('metrics') ? app.metrics : undefined;
    const tags = new ChangeTags(feed, metrics && ((cache, hit) => metrics.cacheRead(cache, hit)));
    app.addHook('onClose', async () => {
      await tags.close();
      await feed.close();
    });
    app.decorate('changeFeed', feed);
    app.decorate('changes', tags);
    app.decorateRequest('changed', function (this: FastifyRequest, ...tags: ChangeTag[]) {
      ((this as unknown as RequestWithChanges)[CHANGED] ??= []).push(...tags);
    });
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (route.config?.changes === undefined && methods.some((method) => !READS.has(method))) {
        throw new Error(`${methods.join(',')} ${route.url} changes data: say what in config.changes (lib/changes.ts)`);
      }
    });
    app.addHook('onSend', async (request, reply) => {
      if (reply.statusCode >= 400) return;
      const declared = request.routeOptions.config.changes ?? [];
      const added = (request as unknown as RequestWithChanges)[CHANGED] ?? [];
      if (declared.length || added.length) app.changes.forget([...declared, ...added]);
    });
  },
  { name: 'changes' },
);
