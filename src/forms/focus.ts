/**
 * After a refused submit: bring the form into view and put the caret in the first
 * field that has an error (rendered on the next frame, once the errors show).
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  if (!form) return;
  requestAnimationFrame(() => {
    form.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
