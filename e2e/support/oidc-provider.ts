/**
 * A minimal local OpenID Connect provider standing in for Google in the end-to-end tests.
 *
 *   GET  /.well-known/openid-configuration  discovery document
 *   GET  /authorize                          "Local Google" page: one button per test account
 *   POST /authorize/decision                 a button: redirects to redirect_uri with code & state
 *   GET  /authorize/cancel                   the "Cancel" link: redirects with error=access_denied
 *   POST /token                              authorization_code grant, PKCE S256 required;
 *                                            client_secret_basic or client_secret_post
 *   GET  /userinfo (also POST)               Bearer access token → claims
 *   GET  /jwks                               the RS256 public key, generated at start
 *   GET  /health                             200
 *
 * Env: OIDC_PORT (4011), OIDC_ISSUER (http://127.0.0.1:<port>), OIDC_CLIENT_ID ('e2e-client'),
 * OIDC_CLIENT_SECRET ('e2e-secret'), OIDC_DEBUG (log every request).
 * Run: npx tsx e2e/support/oidc-provider.ts
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

const PORT = Number(process.env.OIDC_PORT ?? 4011);
const HOST = process.env.OIDC_HOST ?? '127.0.0.1';
const ISSUER = (process.env.OIDC_ISSUER ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, '');
const CLIENT_ID = process.env.OIDC_CLIENT_ID ?? 'e2e-client';
const CLIENT_SECRET = process.env.OIDC_CLIENT_SECRET ?? 'e2e-secret';
const DEBUG = Boolean(process.env.OIDC_DEBUG);
const CODE_TTL_MS = 2 * 60 * 1000;
const TOKEN_TTL_S = 3600;

interface Account {
  /** Label of the button on the "Local Google" page. */
  button: string;
  claims: {
    sub: string;
    name: string;
    given_name?: string;
    family_name?: string;
    email?: string;
    email_verified?: boolean;
    picture?: string;
  };
}

export const ACCOUNTS: Record<string, Account> = {
  gabi: {
    button: 'Continue as Gabi Google',
    claims: {
      sub: 'local-google-0001-gabi',
      name: 'Gabi Google',
      given_name: 'Gabi',
      family_name: 'Google',
      email: 'gabi.google@example.com',
      email_verified: true,
    },
  },
  // Used by one test only, so its first sign-in makes the account (greeted as a new one).
  nora: {
    button: 'Continue as Nora New',
    claims: {
      sub: 'local-google-0005-nora',
      name: 'Nora New',
      email: 'nora.new@example.com',
      email_verified: true,
    },
  },
  noemail: {
    button: 'Continue without email',
    claims: { sub: 'local-google-0002-no-email', name: 'No Email' },
  },
  // Decision 022: an address Google verified (in the server tests' ADMIN_EMAILS), with a picture.
  staff: {
    button: 'Continue as Sam Staff',
    claims: {
      sub: 'local-google-0003-staff',
      name: 'Sam Staff',
      email: 'google-staff@example.com',
      email_verified: true,
      picture: 'https://images.example.com/sam.png',
    },
  },
  // An address Google did not verify, and a picture no page may show.
  unverified: {
    button: 'Continue as Uma Unverified',
    claims: {
      sub: 'local-google-0004-unverified',
      name: 'Uma Unverified',
      email: 'uma.unverified@example.com',
      email_verified: false,
      picture: 'javascript:alert(document.cookie)',
    },
  },
};

interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state?: string;
  nonce?: string;
  scope: string[];
  codeChallenge: string;
  expiresAt: number;
}

interface IssuedCode extends AuthorizationRequest {
  account: Account;
}

const pendingRequests = new Map<string, AuthorizationRequest>();
const codes = new Map<string, IssuedCode>();
const accessTokens = new Map<string, { claims: Record<string, unknown>; expiresAt: number }>();

const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
const KID = `e2e-${randomBytes(6).toString('hex')}`;
const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };

const discovery = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  userinfo_endpoint: `${ISSUER}/userinfo`,
  jwks_uri: `${ISSUER}/jwks`,
  response_types_supported: ['code'],
  response_modes_supported: ['query'],
  grant_types_supported: ['authorization_code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  scopes_supported: ['openid', 'email', 'profile'],
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  code_challenge_methods_supported: ['S256'],
  claims_supported: [
    'sub',
    'iss',
    'aud',
    'exp',
    'iat',
    'nonce',
    'name',
    'given_name',
    'family_name',
    'email',
    'email_verified',
    'picture',
  ],
  authorization_response_iss_parameter_supported: true,
};

// ---------------------------------------------------------------------------------------------

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

function sendHtml(response: http.ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}` +
      `button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;cursor:pointer}</style></head>` +
      `<body>${body}</body></html>`,
  );
}

function redirect(response: http.ServerResponse, location: string, status = 302) {
  response.writeHead(status, { location, 'cache-control': 'no-store' });
  response.end();
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 256 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readParams(request: http.IncomingMessage): Promise<URLSearchParams> {
  const text = await readBody(request);
  if ((request.headers['content-type'] ?? '').includes('application/json')) {
    const json = JSON.parse(text || '{}') as Record<string, unknown>;
    return new URLSearchParams(Object.entries(json).map(([key, value]) => [key, String(value)]));
  }
  return new URLSearchParams(text);
}

const safeEqual = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function sweep() {
  const now = Date.now();
  for (const [key, value] of pendingRequests) if (value.expiresAt < now) pendingRequests.delete(key);
  for (const [key, value] of codes) if (value.expiresAt < now) codes.delete(key);
  for (const [key, value] of accessTokens) if (value.expiresAt < now) accessTokens.delete(key);
}

// ---------------------------------------------------------------------------------------------

function authorize(url: URL, response: http.ServerResponse) {
  const q = url.searchParams;
  const clientId = q.get('client_id') ?? '';
  const redirectUri = q.get('redirect_uri') ?? '';
  // Errors about the client or the redirect URI are shown, never redirected (RFC 6749 §4.1.2.1).
  if (clientId !== CLIENT_ID) {
    return sendHtml(
      response,
      400,
      'Local Google: error',
      `<h1>invalid_client</h1><p>Unknown client_id "${escapeHtml(clientId)}".</p>`,
    );
  }
  let parsedRedirect: URL;
  try {
    parsedRedirect = new URL(redirectUri);
    if (!/^https?:$/.test(parsedRedirect.protocol)) throw new Error('scheme');
  } catch {
    return sendHtml(
      response,
      400,
      'Local Google: error',
      `<h1>invalid_request</h1><p>Bad redirect_uri "${escapeHtml(redirectUri)}".</p>`,
    );
  }
  const state = q.get('state') ?? undefined;
  const fail = (error: string, description: string) =>
    redirect(response, withParams(redirectUri, { error, error_description: description, state, iss: ISSUER }));
  if (q.get('response_type') !== 'code')
    return fail('unsupported_response_type', 'only response_type=code is supported');
  const scope = (q.get('scope') ?? '').split(/\s+/).filter(Boolean);
  if (!scope.includes('openid')) return fail('invalid_scope', 'the openid scope is required');
  const codeChallenge = q.get('code_challenge') ?? '';
  if (!codeChallenge) return fail('invalid_request', 'PKCE is required: code_challenge is missing');
  if ((q.get('code_challenge_method') ?? 'plain') !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256');

  sweep();
  const requestId = randomUUID();
  pendingRequests.set(requestId, {
    clientId,
    redirectUri,
    state,
    nonce: q.get('nonce') ?? undefined,
    scope,
    codeChallenge,
    expiresAt: Date.now() + 10 * 60 * 1000,
  });
  const buttons = Object.entries(ACCOUNTS)
    .map(
      ([key, account]) =>
        `<button type="submit" name="account" value="${escapeHtml(key)}">${escapeHtml(account.button)}</button>`,
    )
    .join('');
  return sendHtml(
    response,
    200,
    'Local Google',
    `<h1>Local Google</h1><p>Choose an account to continue to the application.</p>` +
      `<form method="post" action="/authorize/decision"><input type="hidden" name="request_id" value="${requestId}">${buttons}</form>` +
      `<p><a href="/authorize/cancel?request_id=${requestId}">Cancel</a></p>`,
  );
}

async function decision(request: http.IncomingMessage, response: http.ServerResponse) {
  const params = await readParams(request);
  const requestId = params.get('request_id') ?? '';
  const pending = pendingRequests.get(requestId);
  const account = ACCOUNTS[params.get('account') ?? ''];
  if (!pending || pending.expiresAt < Date.now()) {
    return sendHtml(
      response,
      400,
      'Local Google: error',
      '<h1>Expired</h1><p>This sign-in request is unknown or has expired.</p>',
    );
  }
  if (!account) return sendHtml(response, 400, 'Local Google: error', '<h1>Unknown account</h1>');
  pendingRequests.delete(requestId);
  const code = randomBytes(24).toString('base64url');
  codes.set(code, { ...pending, account, expiresAt: Date.now() + CODE_TTL_MS });
  // 303: the browser follows a POST's redirect with a GET.
  redirect(response, withParams(pending.redirectUri, { code, state: pending.state, iss: ISSUER }), 303);
}

function cancel(url: URL, response: http.ServerResponse) {
  const requestId = url.searchParams.get('request_id') ?? '';
  const pending = pendingRequests.get(requestId);
  if (!pending) return sendHtml(response, 400, 'Local Google: error', '<h1>Expired</h1>');
  pendingRequests.delete(requestId);
  redirect(
    response,
    withParams(pending.redirectUri, {
      error: 'access_denied',
      error_description: 'The user cancelled the sign-in',
      state: pending.state,
      iss: ISSUER,
    }),
  );
}

async function token(request: http.IncomingMessage, response: http.ServerResponse) {
  const params = await readParams(request);
  const tokenError = (status: number, error: string, description: string, headers: Record<string, string> = {}) => {
    if (DEBUG) console.log(`[oidc] token error ${error}: ${description}`);
    return sendJson(response, status, { error, error_description: description }, headers);
  };

  // Client authentication: client_secret_basic or client_secret_post, one of the two.
  let clientId: string | undefined;
  let clientSecret: string | undefined;
  const authorization = request.headers.authorization ?? '';
  const basic = /^Basic +(.+)$/i.exec(authorization);
  if (basic) {
    if (params.has('client_secret'))
      return tokenError(400, 'invalid_request', 'use one client authentication method, not two');
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0)
      return tokenError(401, 'invalid_client', 'malformed Basic credentials', { 'www-authenticate': 'Basic' });
    const formDecode = (value: string) => new URLSearchParams(`v=${value}`).get('v') ?? '';
    clientId = formDecode(decoded.slice(0, colon));
    clientSecret = formDecode(decoded.slice(colon + 1));
    if (params.has('client_id') && params.get('client_id') !== clientId) {
      return tokenError(400, 'invalid_request', 'client_id in the body differs from the Basic credentials');
    }
  } else {
    clientId = params.get('client_id') ?? undefined;
    clientSecret = params.get('client_secret') ?? undefined;
  }
  if (!clientId || !clientSecret || !safeEqual(clientId, CLIENT_ID) || !safeEqual(clientSecret, CLIENT_SECRET)) {
    return tokenError(401, 'invalid_client', 'client authentication failed', { 'www-authenticate': 'Basic' });
  }

  if (params.get('grant_type') !== 'authorization_code') {
    return tokenError(400, 'unsupported_grant_type', 'only authorization_code is supported');
  }
  const code = params.get('code') ?? '';
  const issued = codes.get(code);
  // A code works once: it is forgotten before anything else is checked.
  codes.delete(code);
  if (!issued || issued.expiresAt < Date.now())
    return tokenError(400, 'invalid_grant', 'unknown, used or expired code');
  if (issued.clientId !== clientId) return tokenError(400, 'invalid_grant', 'the code was issued to another client');
  if (params.get('redirect_uri') !== issued.redirectUri)
    return tokenError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
  const verifier = params.get('code_verifier') ?? '';
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier))
    return tokenError(400, 'invalid_grant', 'code_verifier is missing or malformed');
  if (!safeEqual(s256(verifier), issued.codeChallenge))
    return tokenError(400, 'invalid_grant', 'PKCE verification failed');

  const claims: Record<string, unknown> = { sub: issued.account.claims.sub };
  const { email, email_verified, name, given_name, family_name, picture } = issued.account.claims;
  if (issued.scope.includes('profile')) Object.assign(claims, { name, given_name, family_name, picture });
  if (issued.scope.includes('email') && email !== undefined) Object.assign(claims, { email, email_verified });
  for (const key of Object.keys(claims)) if (claims[key] === undefined) delete claims[key];

  const now = Math.floor(Date.now() / 1000);
  const accessToken = randomBytes(32).toString('base64url');
  accessTokens.set(accessToken, { claims, expiresAt: Date.now() + TOKEN_TTL_S * 1000 });
  const idToken = await new SignJWT({ ...claims, ...(issued.nonce ? { nonce: issued.nonce } : {}), auth_time: now })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(clientId)
    .setSubject(String(claims.sub))
    .setIssuedAt(now)
    .setExpirationTime(now + TOKEN_TTL_S)
    .sign(privateKey);
  if (DEBUG)
    console.log(
      `[oidc] issued tokens for ${String(claims.sub)} (${basic ? 'client_secret_basic' : 'client_secret_post'})`,
    );
  sendJson(
    response,
    200,
    {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      id_token: idToken,
      scope: issued.scope.join(' '),
    },
    { pragma: 'no-cache' },
  );
}

function userinfo(request: http.IncomingMessage, response: http.ServerResponse) {
  const bearer = /^Bearer +(.+)$/i.exec(request.headers.authorization ?? '');
  const entry = bearer ? accessTokens.get(bearer[1]!) : undefined;
  if (!entry || entry.expiresAt < Date.now()) {
    return sendJson(response, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
  }
  sendJson(response, 200, entry.claims);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', ISSUER);
  const route = `${request.method ?? 'GET'} ${url.pathname}`;
  if (DEBUG) console.log(`[oidc] ${route}`);
  const handle = async () => {
    switch (route) {
      case 'GET /health':
      case 'HEAD /health':
        return sendJson(response, 200, { status: 'ok' });
      case 'GET /.well-known/openid-configuration':
        return sendJson(response, 200, discovery);
      case 'GET /jwks':
        return sendJson(response, 200, { keys: [publicJwk] });
      case 'GET /authorize':
        return authorize(url, response);
      case 'POST /authorize/decision':
        return decision(request, response);
      case 'GET /authorize/cancel':
        return cancel(url, response);
      case 'POST /token':
        return token(request, response);
      case 'GET /userinfo':
      case 'POST /userinfo':
        return userinfo(request, response);
      default:
        return sendJson(response, 404, { error: 'not_found' });
    }
  };
  handle().catch((error: unknown) => {
    console.error('[oidc] error:', error);
    if (!response.headersSent) sendJson(response, 500, { error: 'server_error' });
    else response.end();
  });
});

server.once('error', (error) => {
  console.error(`[oidc] cannot listen on ${HOST}:${PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(PORT, HOST, () => console.log(`[oidc] Local Google on ${ISSUER} (client_id ${CLIENT_ID})`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  });
}
