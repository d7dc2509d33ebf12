import { useContext, useEffect, useLayoutEffect } from 'react';
import {
  UNSAFE_DataRouterStateContext as RouterStateContext,
  useLocation,
  useNavigation,
  useNavigationType,
} from 'react-router';

// Where each visited page of this tab was left, by the router's key for its history entry.
const positions = new Map<string, number>();
// The entry on screen now. Scroll events arrive a frame late: they belong to the page shown when
// they arrive, which is set (below) in the same task as the page changes.
let shown = '';
// While the next page loads, the layout shows a loader in this page's place; the scroll that
// follows from the shorter page is not where the reader left it.
let settled = true;

/**
 * Scrolls to `top`, again on the next frames while the page is still too short for it (its
 * content arriving a moment after it is drawn); stops when the page changes again.
 */
function restore(top: number): () => void {
  let frames = 30;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) > 1 && frames-- > 0) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Where a page is scrolled: a page opened from a link starts at its top, Back and Forward return
 * to where it was left; a change that asks to stay (`preventScrollReset`: a list's search and
 * filters kept in the address) stays where it is. (Small on purpose: React Router's ScrollRestoration weighs 1 KB on the
 * landing route's budget, and it keeps no places across reloads, which start at the top.)
 */
export function PageScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  // What ScrollRestoration reads too: whether the navigation that led here asked to stay put.
  const stay = useContext(RouterStateContext)?.preventScrollReset === true;

  useEffect(() => {
    // The browser's own restoring would move a page drawn a moment late back to where it thinks.
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (settled) positions.set(shown, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    shown = location.key;
    if (navigationType === 'POP') {
      const saved = positions.get(location.key);
      if (saved !== undefined) return restore(saved);
    } else if (navigationType === 'PUSH' && !location.hash && !stay) window.scrollTo(0, 0);
    // Read when the page changes, not a reason to scroll again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.hash, navigationType]);

  useLayoutEffect(() => {
    settled = navigation.state === 'idle';
  }, [navigation.state]);

  return null;
}
