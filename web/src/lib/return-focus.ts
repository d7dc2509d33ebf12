const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Remembers what has focus as a dialog or panel opens, and answers the function that gives it
 * back when it closes (WCAG 2.4.3). When the opener is gone meanwhile (the Book button became a
 * link to the booking), focus goes to the first control where it stood, else to the page's main
 * content, never to the page itself.
 */
export function rememberFocus(): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const place = opener?.parentElement ?? null;
  return () => {
    if (opener?.isConnected) {
      opener.focus();
      return;
    }
    for (let container = place; container; container = container.parentElement) {
      if (!container.isConnected) continue;
      const next = container.querySelector<HTMLElement>(FOCUSABLE);
      if (next) {
        next.focus();
        return;
      }
    }
    const main = document.getElementById('main');
    if (main) {
      if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
      main.focus();
    }
  };
}

/**
 * Keeps Tab and Shift+Tab inside a modal dialog: the browser's own <dialog> lets them leave for
 * its address bar after the last control. Wraps from the last control to the first and back.
 */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
) {
  if (event.key !== 'Tab') return;
  const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (control) => control.offsetParent !== null || control === document.activeElement,
  );
  if (controls.length === 0) return;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
