// What the console members calls accept, and the answers (the shared schemas of
// @market/domain/api/console-members).
import { z } from 'zod';
import { OBJECT_EXPECTED } from '@market/domain/validation/fields';
import { listQuery } from '../../lib/console-list.ts';

export { ConsoleMemberActionOut, ConsoleMemberDetailOut, ConsoleMemberOut, ConsoleMemberPageOut } from '@market/domain/api/console-members';

export const MemberListQuery = z.object(listQuery(['created_at', 'email'], '-created_at'));

export const MemberDeletionBody = z.object(
  {
    confirm_email: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'This is required.' : "Type the member's e-mail address.") })
      .trim()
      .min(1, 'This is required.')
      .max(254, 'Use at most 254 characters.'),
  },
  { error: OBJECT_EXPECTED },
);
