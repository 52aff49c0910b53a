// The parameters of the local mailbox pages (routes.ts).
import { z } from 'zod';
import { MAILBOX_NAME } from './lib/mailbox.ts';

export const MailboxEntryParams = z.object({ name: z.string().regex(MAILBOX_NAME, 'Unknown message.') });
