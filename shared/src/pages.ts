/**
 * The pages of the public area (spec section 2), declared once. From this list come the web app's
 * routes (web/src/app/router.tsx), the server's page kinds, titles, preload hints and robots tags
 * (server/src/plugins/web.ts), the sitemap's fixed pages (plugins/seo.ts) and which page-data
 * loader runs (server/src/app.ts). A new public page is one entry here, its screen
 * (web/src/app/routes/<screen>.tsx, which exports `Component`) and, if the server draws it, a
 * loader; its title and description are `meta:<key>` in both languages.
 */
export interface PageDefinition {
  /** The path as React Router writes it, from the root: '/trips/:id'. */
  readonly path: string;
  /** The screen module, web/src/app/routes/<screen>.tsx, loaded lazily (its own chunk); the key if not given. */
  readonly screen?: string;
  /** The translation namespaces the screen reads (the error messages are added unless `errors` is false). */
  readonly namespaces?: readonly string[];
  /** Who may open it: anybody (the default), or a signed-in person (the others see the login panel). */
  readonly access?: 'public' | 'account';
  /**
   * What the screen is drawn inside: the component library with the data cache (`mantine`, the
   * default), the data cache alone (`query`: light public screens), or neither (`none`: the home
   * page). Pages that are not `mantine` are light: their chunks are announced in the page's head.
   */
  readonly ui?: 'mantine' | 'query' | 'none';
  /** Open to search engines (not by default); a page about one thing (a path with :id) only when the thing says so. */
  readonly indexed?: boolean;
  /** False: the screen does not load the error messages (the light home page). */
  readonly errors?: false;
}

export const PAGES = {
  home: { path: '/', namespaces: ['landing', 'landingNew'], ui: 'none', indexed: true, errors: false },
  trips: { path: '/trips', namespaces: ['tripsList'], ui: 'query', indexed: true },
  trip: { path: '/trips/:id', namespaces: ['tripDetails', 'tripsList', 'transport'], ui: 'query', indexed: true },
  jobs: { path: '/jobs', namespaces: ['jobs'], ui: 'query', indexed: true },
  job: { path: '/jobs/:id', namespaces: ['jobs'], ui: 'query', indexed: true },
  resetPassword: { path: '/reset-password', screen: 'reset-password', namespaces: ['auth'] },
  // Where the address-verification link lands (decision 022).
  verifyEmail: { path: '/verify-email', screen: 'verify-email', namespaces: ['auth'] },
  visa: { path: '/visa', namespaces: ['visaApplicationForm'], access: 'account', indexed: true },
  // One screen for the list, the form and its review: the visa code loads as one lazy chunk.
  visaApplication: {
    path: '/visa/:id',
    screen: 'visa',
    namespaces: ['visaApplicationForm', 'forms'],
    access: 'account',
  },
  visaReview: {
    path: '/visa/:id/review',
    screen: 'visa',
    namespaces: ['visaApplicationForm', 'forms'],
    access: 'account',
  },
  cv: { path: '/cv', namespaces: ['cv', 'forms'], access: 'account' },
  applications: { path: '/applications', namespaces: ['jobs'], access: 'account', ui: 'query' },
  profile: { path: '/profile', namespaces: ['profile', 'forms'], access: 'account' },
  notifications: { path: '/notifications', access: 'account' },
  contact: { path: '/contact', namespaces: ['contactUs', 'forms'], indexed: true },
  // One conversation with its replies (a reply's notification opens it), on the contact screen.
  contactMessage: { path: '/contact/:reference', screen: 'contact', namespaces: ['contactUs'], access: 'account' },
  consultations: { path: '/consultations', namespaces: ['consultationBooking'], access: 'account', ui: 'query' },
  timeline: { path: '/account/timeline', namespaces: ['timeline'], access: 'account' },
} as const satisfies Record<string, PageDefinition>;

export type PageKey = keyof typeof PAGES;

/** A page's kind for its title and description (`meta:<key>`): a public page, or the back office. */
export type PageMetaKey = PageKey | 'admin';

/** The home page's showcase: the newest published trips and open jobs, as their APIs' search. */
export const HOME_SHOWCASE_SEARCH = 'pageSize=3';

/** The back office (/admin/*): its own layout and routes (web/src/app/router.tsx), never indexed. */
export const ADMIN_AREA = '/admin';

export const PAGE_KEYS = /* @__PURE__ */ Object.keys(PAGES) as PageKey[];

/** A page's entry with its defaults filled in. */
export function pageOf(key: PageKey): Required<Omit<PageDefinition, 'errors'>> & Pick<PageDefinition, 'errors'> {
  const page: PageDefinition = PAGES[key];
  return { screen: key, namespaces: [], access: 'public', ui: 'mantine', indexed: false, ...page };
}

/** The namespaces a page loads with its screen, as the router asks for them. */
export function pageNamespaces(key: PageKey): string[] {
  const page = pageOf(key);
  return page.errors === false ? [...page.namespaces] : [...page.namespaces, 'error'];
}

/** The web app's source files a page loads after the entry (its screen and its provider). */
export function pageModules(key: PageKey): string[] {
  const page = pageOf(key);
  const provider = {
    query: ['src/components/query-provider.tsx'],
    mantine: ['src/components/ui-provider.tsx'],
    none: [],
  };
  return [`src/app/routes/${page.screen}.tsx`, ...provider[page.ui]];
}

/** Paths of fixed pages open to search engines (the sitemap's fixed part). */
export const INDEXED_PATHS: readonly string[] = /* @__PURE__ */ PAGE_KEYS.map(pageOf)
  .filter((page) => page.indexed && !page.path.includes(':'))
  .map((page) => page.path);

const PATTERNS = /* @__PURE__ */ PAGE_KEYS.map((key) => ({
  key,
  pattern: new RegExp(`^${PAGES[key].path.replace(/:\w+/g, '([^/]+)')}$`),
  names: [...PAGES[key].path.matchAll(/:(\w+)/g)].map((found) => found[1]!),
}));

/** Drops a trailing slash ('/trips/' is '/trips'). */
export function normalPath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The public page a path shows and its parameters ('/trips/abc': trip, { id: 'abc' }), or null. */
export function matchPage(pathname: string): { key: PageKey; params: Record<string, string> } | null {
  const path = normalPath(pathname);
  for (const { key, names, pattern } of PATTERNS) {
    const found = pattern.exec(path);
    if (!found) continue;
    // As the path writes them (the loaders encode them again for the API).
    return { key, params: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) };
  }
  return null;
}

/** A path's page kind: a public page, the back office, or null (the app sends it to the home page). */
export function pageMetaKey(pathname: string): PageMetaKey | null {
  const path = normalPath(pathname);
  if (path === ADMIN_AREA || path.startsWith(`${ADMIN_AREA}/`)) return 'admin';
  return matchPage(path)?.key ?? null;
}
