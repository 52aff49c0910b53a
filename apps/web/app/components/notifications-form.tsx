// The preference centre (docs/api.md "Notifications": GET/PUT /api/user/notifications/) on My
// Account, at #notifications (every notification mail links here): each kind on or off, the
// digest's day, and the one switch for marketing mail, which needs a confirmed address.
import { NotificationPreferencesOut } from '@market/domain/api/notifications';
import { MARKETING_KINDS, NOTIFICATION_KINDS, NOTIFICATION_LABELS, WEEKDAY_NAMES, notificationChoicesUpdateSchema } from '@market/domain/notifications';
import { callApi, messageOf } from '../lib/api/member-api.ts';
import { useSchemaForm } from '../lib/forms/use-schema-form.ts';
import { useSession } from '../lib/member/session.tsx';
import { useMemberAnswer } from '../lib/member/use-member-answer.ts';

export const NOTIFICATIONS_SAVED = 'Your e-mail preferences have been saved.';
export const CONFIRM_FOR_MARKETING = 'Marketing mail starts once your e-mail address is confirmed: open the link in the mail we sent you.';

export function NotificationsForm() {
  const session = useSession();
  const loaded = useMemberAnswer('notifications', '/api/user/notifications/', NotificationPreferencesOut);
  const prefs = loaded.data ?? null;
  const set = (change: Partial<NotificationPreferencesOut>) => prefs && loaded.setData({ ...prefs, ...change });
  const form = useSchemaForm({
    schema: notificationChoicesUpdateSchema,
    values: () => (prefs ? Object.fromEntries([...NOTIFICATION_KINDS, 'digest_day', 'marketing'].map((k) => [k, prefs[k as keyof NotificationPreferencesOut]])) : null),
    async send(data) {
      loaded.setData(await callApi('/api/user/notifications/', { method: 'PUT', body: data, answer: NotificationPreferencesOut }));
    },
    failed: (error) => (session.handleAuthFailure(error) ? null : { message: messageOf(error) }),
  });
  const status = form.done ? { kind: 'ok', text: NOTIFICATIONS_SAVED } : form.failure ? { kind: 'error', text: form.failure } : loaded.error !== undefined ? { kind: 'error', text: messageOf(loaded.error) } : null;
  const marketingOff = !!prefs && !prefs.marketing;

  return (
    <section className="account-section" id="notifications" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">E-mail notifications</h2>
      <form className="stack notifications-form" onSubmit={form.onSubmit} aria-busy={!prefs}>
        <fieldset className="stack" disabled={!prefs}>
          <legend className="muted">Choose what we mail you. Every mail has a link to stop that kind at once.</legend>
          <label className="checkbox">
            <input type="checkbox" name="marketing" checked={!!prefs?.marketing} onChange={(e) => set({ marketing: e.target.checked })} />
            <span className="notifications-master">
              Marketing mail
              <span className="small muted block">The one switch for new offers from your places and the weekly digest.</span>
            </span>
          </label>
          {prefs?.marketing && !prefs.address_confirmed ? (
            <p className="small form-error" role="note">
              {CONFIRM_FOR_MARKETING}
            </p>
          ) : null}
          {NOTIFICATION_KINDS.map((kind) => {
            const marketing = MARKETING_KINDS.includes(kind);
            return (
              <label key={kind} className="checkbox">
                <input type="checkbox" name={kind} checked={!!prefs?.[kind]} disabled={marketing && marketingOff} onChange={(e) => set({ [kind]: e.target.checked })} aria-describedby={`${kind}-help`} />
                <span>
                  {NOTIFICATION_LABELS[kind].title}
                  {marketing ? <span className="small muted"> (marketing)</span> : null}
                  <span id={`${kind}-help`} className="small muted block">
                    {NOTIFICATION_LABELS[kind].description}
                  </span>
                </span>
              </label>
            );
          })}
          <label className="field">
            <span>Weekly digest day</span>
            <select name="digest_day" value={prefs?.digest_day ?? 3} onChange={(e) => set({ digest_day: Number(e.target.value) })} disabled={!prefs?.weekly_digest || marketingOff}>
              {WEEKDAY_NAMES.map((name, i) => (
                <option key={name} value={i}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
        {status ? (
          <p role={status.kind === 'ok' ? 'status' : 'alert'} className={status.kind === 'ok' ? 'form-success' : 'form-error'}>
            {status.text}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!prefs || form.busy} aria-busy={form.busy}>
          Save e-mail preferences
        </button>
      </form>
    </section>
  );
}
