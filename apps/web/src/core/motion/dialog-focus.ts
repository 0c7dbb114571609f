/**
 * A dialog's `afterOpenChange`: focuses its field marked `data-autofocus`. A field's own `autoFocus` is not
 * enough once motion is off (core/motion/reduced-motion.ts): the dialog then mounts its content hidden and
 * focuses its own panel when it shows, so the field loses the focus it asked for. With motion on, the field
 * already has it and this changes nothing.
 */
export function focusMarkedField(open: boolean): void {
  if (!open || typeof document === 'undefined') return;
  const dialog = document.activeElement?.closest('[role="dialog"]') ?? null;
  dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}
