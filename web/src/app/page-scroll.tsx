import { ScrollRestoration, type Location } from 'react-router';

/**
 * Where a page is scrolled: a page opened from a link starts at its top, Back and Forward return
 * to where it was. A page loaded afresh is remembered by its address, not by the router's one key
 * for every first load ("default"), which would scroll a new page to where another was left.
 */
export function PageScroll() {
  return <ScrollRestoration getKey={scrollKey} />;
}

function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname + location.search : location.key;
}
