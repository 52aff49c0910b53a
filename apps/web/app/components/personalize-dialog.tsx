// 'Personalize your experience' (SPEC.md 2 /?personalize=true): opened after a successful sign-up;
// closing it removes the parameter from the address.
import { useLocation, useNavigate } from 'react-router';
import DialogShell from './dialog-shell.tsx';
import { PreferencesForm } from './preferences-form.tsx';

export default function PersonalizeDialog() {
  const location = useLocation();
  const navigate = useNavigate();
  const close = () => {
    const params = new URLSearchParams(location.search);
    params.delete('personalize');
    const search = params.toString();
    void navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true, preventScrollReset: true });
  };
  return (
    <DialogShell
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title="Personalize your experience"
      description="Tell us what you like and we will pick offers for you."
      className="dialog personalize-dialog"
      closeLabel="Close personalize"
    >
      <PreferencesForm submitLabel="Save and Continue" onSaved={close} />
    </DialogShell>
  );
}
