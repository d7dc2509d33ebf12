/**
 * Puts the focus on the first field that needs fixing, brought to the middle of the screen: a
 * plain focus() scrolls it only just into view, where the sticky header (and, on a phone, a
 * form's save bar) covers it and its label.
 */
export function focusFirstInvalid() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center', behavior: 'instant' });
  });
}
