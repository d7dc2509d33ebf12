/** What the server drew a page with (`<script type="application/json" id="ssr-data">`), if it did. */
export interface SsrState {
  language: string;
  currency: string;
  /** The page's data as the query cache holds it: [queryKey, data]. */
  queries: [unknown[], unknown][];
}

let state: SsrState | null | undefined;

export function ssrState(): SsrState | null {
  if (state !== undefined) return state;
  state = null;
  if (typeof document === 'undefined') return state;
  const element = document.getElementById('ssr-data');
  if (!element?.textContent) return state;
  try {
    state = JSON.parse(element.textContent) as SsrState;
  } catch {
    state = null;
  }
  return state;
}

let drawing: SsrState['queries'] | null = null;

/** The server's renderer (entry-server.tsx) hands a page's data to the screens that read it here. */
export function setDrawingQueries(queries: SsrState['queries'] | null) {
  drawing = queries;
}

/**
 * A piece of the page's data by its query key, for light screens without the data cache (the home
 * page): while the server draws the page, or in the browser as the server drew it.
 */
export function ssrQuery<T>(key: readonly unknown[]): T | undefined {
  const wanted = JSON.stringify(key);
  return (drawing ?? ssrState()?.queries)?.find(([queryKey]) => JSON.stringify(queryKey) === wanted)?.[1] as
    T | undefined;
}
