/** This page's origin; a stand-in while a page is drawn on the server, where only paths matter. */
function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/**
 * A place on this site to go to after an action, from something a URL, storage or an answer gave us
 * (`/cv?next=`, the page a sign-in started from, a notification's link): its path, query and hash
 * when it resolves to this site's origin, else null (decision 021). Parsed as the browser parses a
 * link, so nothing a browser would read as another host slips through: `/\host`, `//host`,
 * `\\host`, tabs and newlines inside (which browsers drop), `javascript:`, `https://elsewhere`, and a
 * path that resolves to start with `//` (`/.//host`), which a link would take as another host.
 */
export function sameOriginPath(value: string | null | undefined, origin = pageOrigin()): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return null;
  return url.pathname + url.search + url.hash;
}
