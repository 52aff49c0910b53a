// The large auth modal (SPEC.md 2 Login and sign-up, 4 Authentication): opened by Save buttons,
// contest entry and the auth-error path; its message shows above the sign-in form and closing it
// clears the message.
import DialogShell from './dialog-shell.tsx';
import { AuthPanel } from './auth-panel.tsx';
import { useMember } from '../lib/member/member.tsx';

export default function AuthDialog({ twinCities }: { twinCities: boolean }) {
  const member = useMember();
  const { open, message, tab } = member.authDialog;
  return (
    <DialogShell open={open} onOpenChange={(next) => (next ? undefined : member.closeAuth())} title="Sign In or Sign Up" className="dialog auth-dialog" closeLabel="Close sign in">
      <AuthPanel key={`${tab}-${message ?? ''}`} initialTab={tab} message={message} twinCities={twinCities} />
    </DialogShell>
  );
}
