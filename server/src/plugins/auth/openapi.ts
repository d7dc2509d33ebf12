import type { Auth } from './config.ts';
import { HIDDEN_PATH, PASSKEY_OPTIONS_PATH } from './served-paths.ts';

interface OpenApiDocument {
  paths?: Record<string, Record<string, { tags?: string[] } & Record<string, unknown>>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Better Auth's own description of /api/auth/*, to merge into the API's OpenAPI document. */
export async function describeAuthRoutes(auth: Auth): Promise<OpenApiDocument> {
  const schema = (await auth.api.generateOpenAPISchema()) as unknown as OpenApiDocument;
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [route, operations] of Object.entries(schema.paths ?? {})) {
    // Not served (see authRoutes), so not described.
    if (HIDDEN_PATH.test(`/api/auth${route}`)) continue;
    // The passkey options are asked for with a POST here (see PASSKEY_OPTIONS_PATH).
    const served = (method: string) =>
      PASSKEY_OPTIONS_PATH.test(`/api/auth${route}`) && method === 'get' ? 'post' : method;
    paths[`/api/auth${route}`] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [served(method), { ...operation, tags: ['auth'] }]),
    );
  }
  return { paths, components: schema.components };
}
