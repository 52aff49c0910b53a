// The large auth modal (SPEC.md 2 Login and sign-up, 4 Authentication): opened by Save buttons,
// contest entry and the auth-error path; its message shows above the sign-in form and closing it
// clears the message.
import DialogShell from './dialog-shell.tsx';
import { AuthPanel } from './auth-panel.tsx';
import { useAuthDialog } from '../lib/member/auth-dialog-state.tsx';

export default function AuthDialog({ twinCities }: { twinCities: boolean }) {
  const dialog = useAuthDialog();
  const { open, message, tab } = dialog.authDialog;
  return (
    <DialogShell open={open} onOpenChange={(next) => (next ? undefined : dialog.closeAuth())} title="Sign In or Sign Up" className="dialog auth-dialog" closeLabel="Close sign in">
      <AuthPanel key={`${tab}-${message ?? ''}`} initialTab={tab} message={message} twinCities={twinCities} />
    </DialogShell>
  );
}
