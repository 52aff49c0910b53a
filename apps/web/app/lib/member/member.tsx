// The member's state in the browser (SPEC.md 4), one provider per concern, nested in the root
// layout: the auth modal, the session (which closes and opens the modal), the saved items and the
// saved drawer (both kept per session).
import type { ReactNode } from 'react';
import type { AuthState } from './session.tsx';
import { AuthDialogProvider } from './auth-dialog-state.tsx';
import { SavedDrawerProvider } from './saved-drawer-state.tsx';
import { SavedProvider } from './saved.tsx';
import { SessionProvider } from './session.tsx';

export function MemberProvider({ initialAuth, children }: { initialAuth: AuthState; children: ReactNode }) {
  return (
    <AuthDialogProvider>
      <SessionProvider initialAuth={initialAuth}>
        <SavedProvider>
          <SavedDrawerProvider>{children}</SavedDrawerProvider>
        </SavedProvider>
      </SessionProvider>
    </AuthDialogProvider>
  );
}
