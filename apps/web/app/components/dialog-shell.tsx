// One accessible dialog frame (Radix Dialog: focus trap, Escape, aria-modal, labelled title) for
// the sheets and small dialogs. Loaded on demand through ./lazy-dialog.tsx so Radix stays out of
// the first-load JavaScript of every page.
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode, type RefObject } from 'react';

export interface DialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Visible text under the title, announced as the dialog's description. */
  description?: string;
  className: string;
  closeLabel?: string;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export default function DialogShell({ open, onOpenChange, title, description, className, closeLabel = 'Close', returnFocus, children }: DialogShellProps) {
  // Radix gives focus back only to a Dialog.Trigger of its own; these dialogs open from buttons
  // elsewhere (the Saved button, a sign-in link), and are drawn only while open, so the element
  // focused when this one is first drawn is the one that opened it.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content
          className={className}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.current ?? (opener instanceof HTMLElement && opener !== document.body ? opener : null);
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="sheet-header">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close className="icon-btn" aria-label={closeLabel}>
              ×
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
