// Saver notifications (docs/api.md "Notifications"): the member's choices (the preference
// centre), the one-click unsubscribe per kind, and the five mail jobs the registry runs.
import { NOTIFICATION_KINDS, NOTIFICATION_LABELS, notificationChoices, type NotificationChoicesUpdate, type NotificationKind } from '@market/domain/notifications';
import type { AppDeps } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { newToken } from '../auth/lib/tokens.ts';
import { contestReminderJob, contestResultJob, expiryReminderJob, newFromPlacesJob, scheduleDue, weeklyDigestJob } from './lib/jobs.ts';
import { choicesOfSaved } from './lib/mails.ts';
import { runMailJob, type JobRunContext, type MailJobSpec, type RunOptions } from './lib/runner.ts';
import { findMemberChoices, findUnsubscribeKey, periodDone, switchOff, upsertChoices } from './repository.ts';
import { memberOfToken, tokenMatches } from './lib/unsubscribe-links.ts';
import type { NotificationPreferencesOut } from './schema.ts';

async function currentChoices(deps: Pick<AppDeps, 'db'>, userId: number) {
  const member = await findMemberChoices(deps.db.db, userId);
  if (!member) throw notFound();
  return { member, choices: notificationChoices(member.choices ? choicesOfSaved(member.choices) : null, member) };
}

function out(choices: ReturnType<typeof notificationChoices>, confirmed: boolean): NotificationPreferencesOut {
  return { ...choices, address_confirmed: confirmed, marketing_active: choices.marketing && confirmed };
}

/** The member's choices: saved, or the defaults (docs/decisions.md). */
export async function getNotificationPreferences(deps: Pick<AppDeps, 'db'>, userId: number): Promise<NotificationPreferencesOut> {
  const { member, choices } = await currentChoices(deps, userId);
  return out(choices, !!member.emailVerifiedAt);
}

/** Saves the choices sent (the others keep their value) and answers them all. */
export async function updateNotificationPreferences(deps: Pick<AppDeps, 'db'>, userId: number, input: NotificationChoicesUpdate): Promise<NotificationPreferencesOut> {
  const { member, choices } = await currentChoices(deps, userId);
  const next = { ...choices, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
  const row = await upsertChoices(
    deps.db.db,
    userId,
    {
      expiryReminder: next.expiry_reminder,
      newFromPlaces: next.new_from_places,
      weeklyDigest: next.weekly_digest,
      contestReminder: next.contest_reminder,
      contestResult: next.contest_result,
      digestDay: next.digest_day,
      marketing: next.marketing,
    },
    newToken(),
  );
  return out(choicesOfSaved(row), !!member.emailVerifiedAt);
}

export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';

export function unsubscribedText(kind: NotificationKind): string {
  return `You will not receive ${NOTIFICATION_LABELS[kind].title.toLowerCase()} any more. It took effect at once.`;
}

export const ALL_NOTIFICATIONS_UNSUBSCRIBED = 'You will not receive any of our notification mails any more. It took effect at once; turn any back on in your preferences.';

/** The member whose link of this kind the token is (lib/unsubscribe-links.ts), or null. */
async function linkHolder(deps: Pick<AppDeps, 'db'>, token: string, kind: NotificationKind): Promise<number | null> {
  const userId = memberOfToken(token);
  if (userId === null) return null;
  const key = await findUnsubscribeKey(deps.db.db, userId);
  return key && tokenMatches(token, key, kind) ? userId : null;
}

/** Whether an unsubscribe link is ours and of this kind (the confirmation page). */
export async function unsubscribeLinkValid(deps: Pick<AppDeps, 'db'>, token: string, kind: NotificationKind): Promise<boolean> {
  return (await linkHolder(deps, token, kind)) !== null;
}

/**
 * Unsubscribe without signing in; idempotent. A link stops its own kind; `all` (the page's
 * separate button, never the one-click POST) stops every kind of notification mail.
 */
export async function unsubscribe(deps: Pick<AppDeps, 'db'>, token: string, kind: NotificationKind, scope: 'kind' | 'all' = 'kind'): Promise<'done' | 'unknown'> {
  const userId = await linkHolder(deps, token, kind);
  if (userId === null) return 'unknown';
  await switchOff(deps.db.db, userId, scope === 'all' ? NOTIFICATION_KINDS : [kind]);
  return 'done';
}

/** The registry's entry for a mail job: run now (console, schedule) and whether the schedule should start it. */
function mailJob(spec: MailJobSpec) {
  return {
    run: (deps: AppDeps, run: JobRunContext, options?: RunOptions) => runMailJob(deps, spec, run, options),
    async due(deps: AppDeps, now = deps.clock?.() ?? new Date()) {
      return scheduleDue(spec, now) && !(await periodDone(deps.db.db, spec.name, spec.period(now)));
    },
  };
}

export const expiryReminders = mailJob(expiryReminderJob);
export const newFromMyPlaces = mailJob(newFromPlacesJob);
export const weeklyDigest = mailJob(weeklyDigestJob);
export const contestReminders = mailJob(contestReminderJob);
export const contestResults = mailJob(contestResultJob);
