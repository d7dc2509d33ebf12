import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@aylal/shared/errors';
import type { ApiErrorSchema } from '@aylal/shared/schemas/errors';
import { AppError } from './app-error.ts';
import type { ChangeTag } from './changes.ts';

/** The app as a route plugin sees it (`FastifyPluginAsyncZod`'s instance). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Handler<Schema extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** One route of a group: its schema's parts, what it changes, its own hooks and its handler. */
interface RouteSpec<Params, Query, Body, Headers, Response extends Record<number, z.ZodType>, Errors> {
  summary: string;
  description?: string;
  consumes?: string[];
  produces?: string[];
  headers?: Headers;
  querystring?: Query;
  params?: Params;
  body?: Body;
  /** The route's own answers; the group's errors are added. */
  response: Response;
  /** `config.changes` (lib/changes.ts): required of every route but a read. */
  changes?: readonly ChangeTag[];
  /** `config.publicCache` (plugins/private-answers.ts). */
  publicCache?: boolean;
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
  handler: Handler<{
    tags: string[];
    summary: string;
    headers: Headers;
    querystring: Query;
    params: Params;
    body: Body;
    response: Response & Errors;
  }>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A group of routes sharing one OpenAPI tag and their error answers, declared flat:
 * `const staff = routeGroup(app, 'admin', errorAnswers(400, 401, 403, 404))`, then
 * `staff.post('/trips', { summary, changes: ['trip'], body, response: { 201: TripSchema }, handler })`.
 * The schema is `routeSchemas`' (tag, summary, the parts, the answers with the errors). A `guard`
 * (`app.requireAdmin`) is the plugin's onRequest hook: every route of the plugin runs it first.
 */
export function routeGroup<Errors extends Record<number, typeof ApiErrorSchema>>(
  app: ZodApp,
  tag: string,
  errors: Errors,
  guard?: onRequestHookHandler,
) {
  if (guard) app.addHook('onRequest', guard);
  const declare =
    (method: Method) =>
    <Params, Query, Body, Headers, Response extends Record<number, z.ZodType>>(
      url: string,
      spec: RouteSpec<Params, Query, Body, Headers, Response, Errors>,
    ): void => {
      const { summary, changes, publicCache, onRequest, preHandler, handler, response, ...parts } = spec;
      app.route({
        method,
        url,
        ...(changes !== undefined || publicCache !== undefined
          ? { config: { ...(changes !== undefined && { changes }), ...(publicCache !== undefined && { publicCache }) } }
          : {}),
        schema: { tags: [tag], summary, ...parts, response: { ...response, ...errors } },
        ...(onRequest && { onRequest }),
        ...(preHandler && { preHandler }),
        handler: handler as never,
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}

/** An onRequest hook: `app.requireUser`, with its UNAUTHENTICATED said in the route's own words (`LOGIN_TO_BOOK`). */
export function requireUserOr(app: ZodApp, code: ErrorCode): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    try {
      await app.requireUser(request);
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') throw new AppError(code);
      throw error;
    }
  };
}
