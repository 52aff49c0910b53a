// My Interests (SPEC.md 3 Preferences, 7: GET/PUT /api/user/preferences/ with seven 0/1 flags),
// on /user/account?interests=1 and in the 'Personalize your experience' modal.
import { useEffect, useState, type FormEvent } from 'react';
import { PREFERENCE_FLAGS, type PreferenceFlag } from '@market/domain/validation/profile';
import { callApi, messageOf } from '../lib/api/member-api.ts';
import { useMember } from '../lib/member/member.tsx';

export const PREFERENCE_LABELS: Record<PreferenceFlag, string> = {
  food_dining_preference: 'Food & Dining',
  home_services_preference: 'Home Services',
  health_beauty_preference: 'Health & Beauty',
  auto_transportation_preference: 'Auto & Transportation',
  travel_entertainment_preference: 'Travel & Entertainment',
  retail_fashion_preference: 'Retail & Fashion',
  special_services_preference: 'Other Services',
};

export const PREFERENCES_SAVED = 'Your interests have been saved.';

type Flags = Record<PreferenceFlag, 0 | 1>;

export function PreferencesForm({ onSaved, submitLabel = 'Save Interests' }: { onSaved?: () => void; submitLabel?: string }) {
  const member = useMember();
  const [flags, setFlags] = useState<Flags | null>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    callApi<Flags>('/api/user/preferences/')
      .then((answer) => live && setFlags(answer))
      .catch((error) => {
        if (!live || member.handleAuthFailure(error)) return;
        setStatus({ kind: 'error', text: messageOf(error) });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!flags) return;
    setBusy(true);
    setStatus(null);
    try {
      setFlags(await callApi<Flags>('/api/user/preferences/', { method: 'PUT', body: flags }));
      setStatus({ kind: 'ok', text: PREFERENCES_SAVED });
      onSaved?.();
    } catch (error) {
      if (!member.handleAuthFailure(error)) setStatus({ kind: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack preferences-form" onSubmit={submit} aria-busy={!flags}>
      <fieldset className="filter-choices preference-choices" disabled={!flags}>
        <legend className="muted">Choose the kinds of offers you want to see first.</legend>
        {PREFERENCE_FLAGS.map((flag) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              name={flag}
              checked={flags?.[flag] === 1}
              onChange={(e) => setFlags((f) => (f ? { ...f, [flag]: e.target.checked ? 1 : 0 } : f))}
            />
            {PREFERENCE_LABELS[flag]}
          </label>
        ))}
      </fieldset>
      {status ? (
        <p role={status.kind === 'ok' ? 'status' : 'alert'} className={status.kind === 'ok' ? 'form-success' : 'form-error'}>
          {status.text}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!flags || busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
