// What savers are mailed besides their account mails (docs/api.md "Notifications"): the kinds,
// which of them are marketing (the one master switch, double opt-in), the defaults of a member who
// never chose, and the preference centre's input with messages naming the fields.
import './validation/zod-jitless.ts';
import { z } from 'zod';
import { OBJECT_EXPECTED } from './validation/fields.ts';

export const NOTIFICATION_KINDS = ['expiry_reminder', 'new_from_places', 'weekly_digest', 'contest_reminder', 'contest_result'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Labels of the preference centre and of the unsubscribe pages. */
export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  expiry_reminder: { title: 'Expiry reminders', description: 'Three days before a saved offer expires (once per offer).' },
  new_from_places: { title: 'New from my places', description: 'When a saved business posts a new offer (at most one mail a day).' },
  weekly_digest: { title: 'Weekly digest', description: 'New offers near you in your interests, on the day you choose (only when there is something new).' },
  contest_reminder: { title: 'Contest reminders', description: 'Two days before a contest you saved closes.' },
  contest_result: { title: 'Contest results', description: 'When a contest you saved or entered is drawn.' },
};

/**
 * Marketing mail (docs/decisions.md): what promotes offers the member did not pick. It needs the
 * master switch and a confirmed address; the rest is service mail about what the member saved.
 */
export const MARKETING_KINDS: readonly NotificationKind[] = ['new_from_places', 'weekly_digest'];

export function isMarketingKind(kind: NotificationKind): boolean {
  return MARKETING_KINDS.includes(kind);
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** 0 = Monday .. 6 = Sunday (ISO order). */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const DEFAULT_DIGEST_DAY = 3;

export interface NotificationChoices {
  expiry_reminder: boolean;
  new_from_places: boolean;
  weekly_digest: boolean;
  contest_reminder: boolean;
  contest_result: boolean;
  digest_day: number;
  marketing: boolean;
}

/**
 * A member's choices: the saved ones, or the defaults (every kind on, the digest on Thursday,
 * marketing as the member agreed to promotions at sign-up).
 */
export function notificationChoices(saved: NotificationChoices | null, member: { promotionsAgree: boolean }): NotificationChoices {
  if (saved) return saved;
  return {
    expiry_reminder: true,
    new_from_places: true,
    weekly_digest: true,
    contest_reminder: true,
    contest_result: true,
    digest_day: DEFAULT_DIGEST_DAY,
    marketing: member.promotionsAgree,
  };
}

/** Whether a mail of `kind` may go to the member now: its kind on; for marketing, the switch on and the address confirmed. */
export function mayReceive(kind: NotificationKind, choices: NotificationChoices, member: { addressConfirmed: boolean }): boolean {
  if (!choices[kind]) return false;
  return !isMarketingKind(kind) || (choices.marketing && member.addressConfirmed);
}

export const SWITCH_MESSAGE = 'Use true or false.';
export const DIGEST_DAY_MESSAGE = 'Choose a day from 0 (Monday) to 6 (Sunday).';

const onOff = z.boolean({ error: SWITCH_MESSAGE }).optional();

/** PUT /api/user/notifications/: any subset of the choices. */
export const notificationChoicesUpdateSchema = z.object(
  {
    expiry_reminder: onOff,
    new_from_places: onOff,
    weekly_digest: onOff,
    contest_reminder: onOff,
    contest_result: onOff,
    digest_day: z.number({ error: DIGEST_DAY_MESSAGE }).int(DIGEST_DAY_MESSAGE).min(0, DIGEST_DAY_MESSAGE).max(6, DIGEST_DAY_MESSAGE).optional(),
    marketing: onOff,
  },
  { error: OBJECT_EXPECTED },
);
export type NotificationChoicesUpdate = z.output<typeof notificationChoicesUpdateSchema>;
