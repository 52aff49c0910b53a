// My Interests (SPEC.md 3 Preferences, 7: GET/PUT /api/user/preferences/ with seven 0/1 flags),
// on /user/account?interests=1 and in the 'Personalize your experience' modal.
import { PreferencesOut } from '@market/domain/api/account';
import { PREFERENCE_FLAGS, preferencesUpdateSchema, type PreferenceFlag } from '@market/domain/validation/profile';
import { callApi, messageOf } from '../lib/api/member-api.ts';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { useSession } from '../lib/member/session.tsx';
import { useMemberAnswer } from '../lib/member/use-member-answer.ts';

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

export function PreferencesForm({ onSaved, submitLabel = 'Save Interests' }: { onSaved?: () => void; submitLabel?: string }) {
  const session = useSession();
  const loaded = useMemberAnswer('preferences', '/api/user/preferences/', PreferencesOut);
  const flags = loaded.data ?? null;
  const setFlags = (change: (f: PreferencesOut) => PreferencesOut) => flags && loaded.setData(change(flags));
  const form = useSchemaForm({
    // The ticked boxes, as the shared schema reads them (0/1); nothing to send before they load.
    schema: preferencesUpdateSchema,
    values: (own) => (flags ? own : null),
    async send(data) {
      loaded.setData(await callApi('/api/user/preferences/', { method: 'PUT', body: data, answer: PreferencesOut }));
      onSaved?.();
    },
    failed: (error) => (session.handleAuthFailure(error) ? null : { message: messageOf(error) }),
  });
  const busy = form.busy;
  const status = form.done ? { kind: 'ok', text: PREFERENCES_SAVED } : form.failure ? { kind: 'error', text: form.failure } : loaded.error !== undefined ? { kind: 'error', text: messageOf(loaded.error) } : null;

  return (
    <form className="stack preferences-form" onSubmit={form.onSubmit} aria-busy={!flags}>
      <fieldset className="filter-choices preference-choices" disabled={!flags}>
        <legend className="muted">Choose the kinds of offers you want to see first.</legend>
        {PREFERENCE_FLAGS.map((flag) => (
          <label key={flag} className="checkbox">
            <input
              type="checkbox"
              name={flag}
              checked={flags?.[flag] === 1}
              onChange={(e) => setFlags((f) => ({ ...f, [flag]: e.target.checked ? 1 : 0 }))}
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
