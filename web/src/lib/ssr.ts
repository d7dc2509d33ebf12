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
