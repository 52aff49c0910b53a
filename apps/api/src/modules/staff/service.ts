// Staff accounts in the console (docs/security.md "Staff console"): who I am, the staff list,
// invitations, and an admin's changes to a staff member (role, markets, access, second factor),
// each of which asks for the admin's password again and is audited.
import type { InvitationOut, RecoveryCodesOut, StaffMeOut, StaffMemberOut } from '@market/domain/api/staff';
import type { z } from 'zod';
import type { ownEmailChangeSchema, staffInvitationSchema, staffUpdateSchema } from '@market/domain/validation/staff';
import type { AppDeps } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { takeInvitation } from '../auth/lib/send-limits.ts';
import {
  endAllSessions,
  inviteStaff,
  mailInvitation,
  mailStaffAccountChange,
  listStaffAccounts,
  listStaffInvitations,
  replaceOwnRecoveryCodes,
  resetOwnSecondFactor,
  setOwnEmail,
  staffAccount,
  updateStaffAccount,
  checkOwnPassword,
  resetSecondFactor,
} from '../auth/service.ts';
import type { StaffUser } from './lib/guard.ts';

type Account = Awaited<ReturnType<typeof staffAccount>>;

export function staffMe(staff: StaffUser): StaffMeOut {
  return { id: staff.id, email: staff.email, first_name: staff.firstName, last_name: staff.lastName, role: staff.role, markets: staff.markets };
}

function memberOut(a: NonNullable<Account>): StaffMemberOut {
  return {
    id: a.id,
    email: a.email,
    first_name: a.firstName,
    last_name: a.lastName,
    role: a.role!,
    markets: a.staffMarkets,
    disabled: a.disabledAt !== null,
    second_factor_enrolled: a.totpEnrolledAt !== null,
    created_at: a.createdAt.toISOString(),
  };
}

function invitationOut(i: Awaited<ReturnType<typeof listStaffInvitations>>[number]): InvitationOut {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    markets: i.markets,
    created_at: i.createdAt.toISOString(),
    expires_at: i.expiresAt.toISOString(),
    accepted_at: i.acceptedAt?.toISOString() ?? null,
  };
}

/** Staff accounts and the invitations of the last while. */
export async function listStaff(deps: AppDeps): Promise<{ staff: StaffMemberOut[]; invitations: InvitationOut[] }> {
  const [accounts, invitations] = await Promise.all([listStaffAccounts(deps), listStaffInvitations(deps)]);
  return { staff: accounts.map(memberOut), invitations: invitations.map(invitationOut) };
}

/** Invites someone to the console by e-mail (the link works once, for 72 hours). */
export async function inviteStaffMember(deps: AppDeps, actor: StaffUser, input: z.output<typeof staffInvitationSchema>, ip: string | null): Promise<InvitationOut> {
  const row = await deps.db.db.transaction(async (tx) => {
    await takeInvitation(tx, actor.id, input.email);
    const made = await inviteStaff(tx as Database, input, actor.id);
    await recordAudit(tx, { actor, action: 'staff.invite', entity: 'invitation', entityId: made.id, after: invitationOut(made), ip });
    return made;
  });
  await mailInvitation(deps, row);
  return invitationOut(row);
}

/**
 * An admin's change to a staff account. Asks for the admin's own password; an admin cannot take
 * away their own admin role or access (another admin must), so the console always keeps one.
 */
export async function updateStaffMember(deps: AppDeps, actor: StaffUser, id: number, input: z.output<typeof staffUpdateSchema>, ip: string | null): Promise<StaffMemberOut> {
  await checkOwnPassword(deps, actor.id, input.current_password);
  const before = await staffAccount(deps, id);
  if (!before) throw notFound('There is no staff account with this id.');
  if (id === actor.id && ((input.role && input.role !== 'admin') || input.disabled)) throw new AppError('invalid', 'Another admin must change your own role or access.', { role: ['Another admin must change your own role or access.'] });
  return deps.db.db.transaction(async (tx) => {
    // The staff member's way back in when the app is lost or wrong codes paused it (audited below):
    // the secret, recovery codes and the count of wrong codes go.
    if (input.reset_second_factor) await resetSecondFactor(tx as Database, id);
    const after = await updateStaffAccount(tx as Database, id, {
      ...(input.role ? { role: input.role } : {}),
      ...(input.markets !== undefined ? { staffMarkets: input.markets } : {}),
      ...(input.disabled !== undefined ? { disabledAt: input.disabled ? new Date() : null } : {}),
    });
    // A new role, fewer markets, no access or a new factor: the sessions made under the old ones end.
    await endAllSessions(tx as Database, id);
    const out = memberOut(after!);
    await recordAudit(tx, { actor, action: 'staff.update', entity: 'staff', entityId: id, before: memberOut(before), after: { ...out, second_factor_reset: input.reset_second_factor === true }, ip });
    return out;
  });
}

/** An admin ends every session of an account (staff or member). */
export async function endSessionsOf(deps: AppDeps, actor: StaffUser, id: number, ip: string | null): Promise<void> {
  const account = await staffAccount(deps, id, { anyAccount: true });
  if (!account) throw notFound('There is no account with this id.');
  await deps.db.db.transaction(async (tx) => {
    await endAllSessions(tx as Database, id);
    await recordAudit(tx, { actor, action: 'account.end_sessions', entity: account.role ? 'staff' : 'member', entityId: id, ip });
  });
}

// ---------------------------------------------------------------------------------------------
// The signed-in staff member's own account: each change asks for their password again, is
// audited in its transaction, and is told by mail after the commit.

/**
 * POST /api/console/account/email/: a new e-mail address (unique, 409 otherwise); every other
 * session of the account ends, this one goes on; a notice goes to the old address.
 */
export async function changeOwnEmail(deps: AppDeps, staff: StaffUser, input: z.output<typeof ownEmailChangeSchema>, ip: string | null): Promise<StaffMeOut> {
  await checkOwnPassword(deps, staff.id, input.current_password);
  const updated = await deps.db.db.transaction(async (tx) => {
    const row = await setOwnEmail(tx as Database, staff, input.email);
    await recordAudit(tx, { actor: staff, action: 'staff.change_own_email', entity: 'staff', entityId: staff.id, before: { email: staff.email }, after: { email: row.email, other_sessions_ended: true }, ip });
    return row;
  });
  await mailStaffAccountChange(deps, staff.email, 'email', updated.email);
  return staffMe({ ...staff, email: updated.email });
}

/** POST /api/console/account/recovery-codes/: ten new recovery codes, shown once; the old ones stop working. */
export async function regenerateOwnRecoveryCodes(deps: AppDeps, staff: StaffUser, currentPassword: string, ip: string | null): Promise<RecoveryCodesOut> {
  await checkOwnPassword(deps, staff.id, currentPassword);
  const codes = await deps.db.db.transaction(async (tx) => {
    const made = await replaceOwnRecoveryCodes(tx as Database, staff.id);
    await recordAudit(tx, { actor: staff, action: 'staff.regenerate_recovery_codes', entity: 'staff', entityId: staff.id, after: { recovery_codes: made.length }, ip });
    return made;
  });
  await mailStaffAccountChange(deps, staff.email, 'recovery_codes');
  return { recovery_codes: codes };
}

/**
 * POST /api/console/account/second-factor/reset/: the authenticator app and recovery codes are
 * taken away and every session ends, this one too; the next sign-in enrols a new app.
 */
export async function resetOwnFactor(deps: AppDeps, staff: StaffUser, currentPassword: string, ip: string | null): Promise<void> {
  await checkOwnPassword(deps, staff.id, currentPassword);
  await deps.db.db.transaction(async (tx) => {
    await resetOwnSecondFactor(tx as Database, staff.id);
    await recordAudit(tx, { actor: staff, action: 'staff.reset_own_second_factor', entity: 'staff', entityId: staff.id, after: { second_factor_enrolled: false, sessions_ended: true }, ip });
  });
  await mailStaffAccountChange(deps, staff.email, 'second_factor');
}
