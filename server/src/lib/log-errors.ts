/**
 * How errors are logged. A database error's message carries its query's parameters, and its
 * cause may name a refused value (`Key (email)=(…)`): what a person typed, perhaps their passport
 * number or address. Neither reaches the log; the query, the error's kind and codes do.
 */
export function logError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const hide = (text: string | undefined) =>
    text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: (not logged)');
  const cause = error.cause as { name?: string; code?: string; constraint?: string } | undefined;
  return {
    type: error.name,
    message: hide(error.message),
    stack: hide(error.stack),
    ...('code' in error ? { code: (error as { code?: unknown }).code } : {}),
    ...('statusCode' in error ? { statusCode: (error as { statusCode?: unknown }).statusCode } : {}),
    ...(cause && typeof cause === 'object'
      ? { cause: { type: cause.name, code: cause.code, constraint: cause.constraint } }
      : {}),
  };
}

/**
 * How a request is logged: its path without the query string, which may carry what someone searched
 * for (a name, an email, a passport's last digits in the back office's visa list).
 */
export function logRequest(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : `${request.url.slice(0, query)}?…`,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
