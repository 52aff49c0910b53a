// What the console members calls accept, and the answers (the shared schemas of
// @market/domain/api/console-members).
import { z } from 'zod';
import { listQuery } from '../../lib/console-list.ts';

export { MemberDeletionBody } from '@market/domain/validation/console-members';
export { ConsoleMemberActionOut, ConsoleMemberDetailOut, ConsoleMemberOut, ConsoleMemberPageOut } from '@market/domain/api/console-members';

export const MemberListQuery = z.object(listQuery(['created_at', 'email'], '-created_at'));

