// Members in the staff console (docs/api.md "Staff console"): support staff find an account by
// e-mail, see what it keeps, resend its verification mail, disable or enable it, and carry out a
// deletion request. Staff accounts are admins' business only: support staff get 403 on them.
// Every act is audited; deletion is audited with the e-mail only.
import type { ConsoleMemberDetailOut, ConsoleMemberOut } from '@market/domain/api/console-members';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import type { Sort } from '../../lib/console-list.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { eraseAccount, resendVerification, setAccountDisabled } from '../auth/service.ts';
import type { StaffUser } from '../staff/lib/guard.ts';
import { countMemberRecords, findMember, findMemberPage, type MemberRow } from './repository.ts';

export const MEMBER_NOT_FOUND = 'There is no account with this id.';
export const STAFF_ACCOUNT_ADMINS_ONLY = 'Only an administrator may act on a staff account.';
export const NOT_YOUR_OWN = 'You cannot do this to your own account here.';
export const CONFIRM_EMAIL_MISMATCH = "Type the member's e-mail address exactly to confirm the deletion.";

function memberOut(m: MemberRow): ConsoleMemberOut {
  return {
    id: m.id,
    email: m.email,
    first_name: m.firstName,
    last_name: m.lastName,
    email_verified: m.emailVerifiedAt !== null,
    disabled: m.disabledAt !== null,
    staff_role: m.role,
    created_at: m.createdAt.toISOString(),
  };
}

/** Accounts by e-mail (contains; those starting with `q` first), paged. */
export async function listMembers(deps: AppDeps, q: string | undefined, sort: Sort<'created_at' | 'email'>, page: { page: number; pageSize: number }) {
  const { rows, count } = await findMemberPage(deps.db.db, q, sort, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize });
  return { results: rows.map(memberOut), count, page: page.page, page_size: page.pageSize };
}

/** One account: profile, state and the counts of what it keeps. */
export async function getMember(deps: AppDeps, id: number): Promise<ConsoleMemberDetailOut> {
  const m = await findMember(deps.db.db, id);
  if (!m) throw notFound(MEMBER_NOT_FOUND);
  const counts = await countMemberRecords(deps.db.db, id);
  return { ...memberOut(m), state: m.state, zip: m.zip, birthday: m.birthday, promotions_agree: m.promotionsAgree, staff_markets: m.staffMarkets, counts };
}

/** The account an act targets: it exists, and a staff account only for an admin. */
async function targetOf(deps: AppDeps, staff: StaffUser, id: number, options: { notSelf?: boolean } = {}): Promise<MemberRow> {
  const m = await findMember(deps.db.db, id);
  if (!m) throw notFound(MEMBER_NOT_FOUND);
  if (m.role && staff.role !== 'admin') throw new AppError('forbidden', STAFF_ACCOUNT_ADMINS_ONLY);
  if (options.notSelf && m.id === staff.id) throw new AppError('forbidden', NOT_YOUR_OWN);
  return m;
}

const entityOf = (m: MemberRow) => (m.role ? 'staff' : 'member');

/** Mails the account a new verification link (the auth service's own resend). */
export async function resendMemberVerification(deps: AppDeps, staff: StaffUser, id: number, ip: string | null): Promise<{ detail: string }> {
  const m = await targetOf(deps, staff, id);
  const answer = await resendVerification(deps, id);
  await recordAudit(deps.db.db, { actor: staff, action: 'member.verification_resend', entity: entityOf(m), entityId: id, after: { email_verified: m.emailVerifiedAt !== null }, ip });
  return answer;
}

/** Disables (every session ends at once) or enables an account. */
export async function setMemberDisabled(deps: AppDeps, staff: StaffUser, id: number, disabled: boolean, ip: string | null): Promise<ConsoleMemberOut> {
  const before = await targetOf(deps, staff, id, { notSelf: true });
  return deps.db.db.transaction(async (tx) => {
    await setAccountDisabled(tx as Database, id, disabled);
    const after = await findMember(tx, id);
    if (!after) throw notFound(MEMBER_NOT_FOUND);
    await recordAudit(tx, { actor: staff, action: `${entityOf(before)}.${disabled ? 'disable' : 'enable'}`, entity: entityOf(before), entityId: id, before: memberOut(before), after: memberOut(after), ip });
    return memberOut(after);
  });
}

/**
 * Carries out a deletion request: the same steps as the member's own deletion (auth
 * eraseAccount), without their password; `confirmEmail` must be the account's address.
 */
export async function deleteMember(deps: AppDeps, staff: StaffUser, id: number, confirmEmail: string, ip: string | null): Promise<{ detail: string }> {
  const m = await targetOf(deps, staff, id, { notSelf: true });
  if (confirmEmail.trim().toLowerCase() !== m.email) throw invalid('confirm_email', CONFIRM_EMAIL_MISMATCH);
  await eraseAccount(deps, m, (tx) => recordAudit(tx, { actor: staff, action: `${entityOf(m)}.delete`, entity: entityOf(m), entityId: id, before: { email: m.email }, ip }));
  return { detail: `The account ${m.email} and its personal data have been deleted.` };
}
