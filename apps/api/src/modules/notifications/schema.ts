// What the notification calls accept and answer (the shared schemas of @market/domain).
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@market/domain/notifications';

export { NotificationPreferencesOut } from '@market/domain/api/notifications';
export { DetailOut } from '@market/domain/api/auth';

export const UNSUBSCRIBE_KIND_MESSAGE = `Choose one of: ${NOTIFICATION_KINDS.join(', ')}.`;

export const UnsubscribeQuery = z.object({
  token: z.string().max(200).optional().describe('The token of the link in the mail'),
  kind: z.enum(NOTIFICATION_KINDS, { error: UNSUBSCRIBE_KIND_MESSAGE }).describe('The kind of mail to stop'),
});
