/**
 * Brings what just changed on the page (a confirmation, new results) into view below the sticky
 * header and moves the focus to it, so a screen reader reads it and the next Tab goes on from
 * there: smoothly, or at once for a reader who asks for less motion. Already in the upper half of
 * the screen, it stays where it is.
 */
export function reveal(target: HTMLElement | null) {
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.style.scrollMarginTop = 'calc(var(--header-height, 64px) + 16px)';
  target.focus({ preventScroll: true });
  const { top } = target.getBoundingClientRect();
  if (top >= 64 && top <= window.innerHeight / 2) return;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: still ? 'instant' : 'smooth' });
}
