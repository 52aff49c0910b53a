// Dialogs open on demand: the Radix code loads with the first dialog a visitor opens.
import { lazy, Suspense } from 'react';
import type { DialogShellProps } from './dialog-shell.tsx';

const DialogShell = lazy(() => import('./dialog-shell.tsx'));

/** Renders the dialog only while open (its code is fetched the first time). */
export function LazyDialog(props: DialogShellProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogShell {...props} />
    </Suspense>
  );
}
