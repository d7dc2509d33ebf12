/** After a refused save, brings the form's first field to mend into view, with the focus. */
export function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
