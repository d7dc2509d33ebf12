import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, not, sql } from 'drizzle-orm';
import type { Role, SessionUser } from '@aylal/shared/schemas/auth';
import type { Db } from '../db/client.ts';
import { passkeys, sessions, users } from '../db/schema/auth.ts';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';
import { readSessionToken, type SessionCookieKey } from './session-cookie.ts';
import { listenForAuthChanges, SessionCache } from './session-cache.ts';
import { isFresh, staffAccess, type SessionProof, type StaffTwoFactor } from './second-factor.ts';

export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  /** An admin whose session may act as staff (docs/decisions/023): false for everyone else. */
  isStaff: boolean;
}

/** How the caller's session was made, for the second factor and the fresh sign-in rule (docs/decisions/023). */
export interface SessionState extends SessionProof {
  id: string;
  /** Whether the account has a second factor: an authenticator app or a passkey. */
  hasSecondFactor: boolean;
}

/** What one read of a session gives: the user as /api/me shows them and how the session was made. */
interface SessionRead {
  user: SessionUser;
  state: SessionState;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless signed in. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler: 401 when signed out, 403 unless the role is admin, 403 TWO_FACTOR_REQUIRED while
     * the session lacks the second factor staff need (docs/decisions/023).
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** preHandler after requireUser or requireAdmin: 403 FRESH_SIGN_IN_REQUIRED unless signed in (or confirmed) within 15 minutes. */
    requireFreshSignIn: (request: FastifyRequest) => Promise<void>;
    /** preHandler: reads the session when there is one (`request.user`), never refuses. */
    readUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /** The signed-in user as GET /api/me shows them, read with the session (null until checked). */
    sessionUser: SessionUser | null;
    /** The token of the session `user` was read from (the live stream checks it again later). */
    sessionToken: string | null;
    /** How the caller's session was made (null until checked). */
    sessionState: SessionState | null;
  }
}

/** Whether the user has a second factor: an authenticator app, or a passkey (decision 023). */
const hasSecondFactor = sql<boolean>`(${users.twoFactorEnabled} or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}))`;

/** What makes a session count: not expired, of a user who is not banned (both checks below). */
function isLiveSession() {
  return and(gt(sessions.expiresAt, sql`now()`), not(sql`coalesce(${users.banned}, false)`));
}

/**
 * Finds the user of a live session of a user who is not banned: one read on the sessions token
 * index joined to the user's primary key, carrying what /api/me shows so that route reads nothing
 * else. Prepared (named), so each connection parses and plans it once.
 */
export function prepareFindSessionUser(db: Db): (token: string) => Promise<(SessionRead & { expiresAt: Date }) | null> {
  const query = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      picture: users.image,
      phoneNumber: users.phoneNumber,
      role: users.role,
      hasCV: users.hasCV,
      hasVisa: users.hasVisa,
      hasProfile: users.hasProfile,
      expiresAt: sessions.expiresAt,
      hasSecondFactor,
      sessionId: sessions.id,
      signedInAt: sessions.createdAt,
      secondFactorAt: sessions.secondFactorAt,
      confirmedAt: sessions.confirmedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), isLiveSession()))
    .limit(1)
    .prepare('find_session_user');
  return async (token) => {
    const [row] = await query.execute({ token });
    if (!row) return null;
    const { expiresAt, hasSecondFactor, sessionId, signedInAt, secondFactorAt, confirmedAt, ...user } = row;
    return {
      user: { ...user, role: user.role === 'admin' ? 'admin' : 'user' },
      state: { id: sessionId, hasSecondFactor, createdAt: signedInAt, secondFactorAt, confirmedAt },
      expiresAt,
    };
  };
}

/**
 * Which of these session tokens are still live, with their user and whether it may act as staff, read afresh (never
 * from the cache): the live streams check theirs when told of a change and at each heartbeat
 * (docs/decisions/024). One query for all of them.
 */
export async function findLiveSessions(
  db: Db,
  staffTwoFactor: StaffTwoFactor,
  tokens: string[],
): Promise<Map<string, { userId: string; isStaff: boolean }>> {
  if (tokens.length === 0) return new Map();
  const rows = await db
    .select({
      token: sessions.token,
      userId: users.id,
      role: users.role,
      hasSecondFactor,
      secondFactorAt: sessions.secondFactorAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(sql`${sessions.token} = any(${sql.param(tokens)}::text[])`, isLiveSession()));
  return new Map(
    rows.map((row) => [
      row.token,
      { userId: row.userId, isStaff: row.role === 'admin' && staffAccess(staffTwoFactor, row) === 'granted' },
    ]),
  );
}

/**
 * Reads the Better Auth session once per request that asks for it; the server is the authority.
 * The signed cookie is checked here and the session and its user read in one query rather than
 * through `auth.api.getSession`, which costs several queries a request; what was read is kept in
 * `SessionCache` until any session or user changes anywhere (roles change in the back office,
 * sign-out and revocation delete the row), so most signed-in requests cost no query at all.
 */
export interface SessionPluginOptions {
  auth: Auth;
  db: Db;
  /** STAFF_TWO_FACTOR: whether every admin needs a second factor. */
  staffTwoFactor: StaffTwoFactor;
}

export const sessionPlugin = fp(async (app: FastifyInstance, { auth, db, staffTwoFactor }: SessionPluginOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionUser', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionState', null);
  const context = await auth.$context;
  const cookieKey: SessionCookieKey = { name: context.authCookies.sessionToken.name, secret: context.secret };
  const findSessionUser = prepareFindSessionUser(db);
  const cache = new SessionCache<SessionRead>();
  // Changes to sessions and users made anywhere reach the cache through the process's LISTEN connection.
  const stopListening = listenForAuthChanges(app.changeFeed, cache);
  app.addHook('onClose', stopListening);
  // A write this process answers may change what a session shows (a sign-out, a role, hasCV):
  // forget before the answer leaves, so the writer's next request reads afresh. Other processes
  // hear of it from PostgreSQL. Some auth links write on a GET (an address verified, a sign-in
  // link, Google's callback): their route declares it changes a session (lib/changes.ts).
  app.changes.keep(cache, { tags: ['session'] });
  app.addHook('onSend', async (request, reply) => {
    const writes = request.method !== 'GET' && request.method !== 'HEAD';
    if (writes && reply.statusCode < 400) cache.forgetAll();
  });

  async function findCachedSession(token: string): Promise<SessionRead | null> {
    const cached = cache.get(token);
    if (cached) return cached;
    const generation = cache.begin();
    const found = await findSessionUser(token);
    if (!found) return null;
    const { expiresAt, ...read } = found;
    cache.set(token, read, expiresAt, generation);
    return read;
  }

  async function loadUser(request: FastifyRequest): Promise<CurrentUser | null> {
    if (request.user) return request.user;
    const token = readSessionToken(request.headers.cookie, cookieKey);
    const found = token ? await findCachedSession(token) : null;
    if (!found) return null;
    const { user, state } = found;
    request.sessionUser = user;
    request.sessionToken = token;
    request.sessionState = state;
    const isStaff = user.role === 'admin' && staffAccess(staffTwoFactor, state) === 'granted';
    request.user = { id: user.id, email: user.email, role: user.role, isStaff };
    return request.user;
  }

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!(await loadUser(request))) throw new AppError('UNAUTHENTICATED');
  });
  app.decorate('readUser', async (request: FastifyRequest) => {
    await loadUser(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const user = await loadUser(request);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (user.role !== 'admin') throw new AppError('FORBIDDEN');
    // Staff need the second factor, given in this very session (docs/decisions/023).
    const access = staffAccess(staffTwoFactor, request.sessionState!);
    if (access !== 'granted') throw new AppError('TWO_FACTOR_REQUIRED', { needs: access });
  });
  app.decorate('requireFreshSignIn', async (request: FastifyRequest) => {
    const user = await loadUser(request);
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!isFresh(request.sessionState!)) throw new AppError('FRESH_SIGN_IN_REQUIRED');
  });
});
