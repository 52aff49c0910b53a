// Answers of the staff sign-in steps, sessions and staff records (docs/api.md "Staff console").
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { LoginOut } from './auth.ts';

/** POST /auth/login/ for a staff account whose second factor is enrolled. */
export const MfaRequiredOut = z.object({ mfa_required: z.literal(true), mfa_token: z.string().describe('Valid 10 minutes; send it to /auth/mfa/verify/ with the code') });
/** POST /auth/login/ for a staff account that has not enrolled a second factor yet. */
export const MfaEnrolmentRequiredOut = z.object({ mfa_enrolment_required: z.literal(true), mfa_token: z.string().describe('Valid 10 minutes; send it to /auth/mfa/totp/setup/ then /confirm/') });
/** Every answer POST /auth/login/ gives: a member's token, or the second-factor step of a staff account. */
export const LoginAnswerOut = z.union([LoginOut, MfaRequiredOut, MfaEnrolmentRequiredOut]);
export type LoginAnswerOut = z.infer<typeof LoginAnswerOut>;

export const TotpSetupOut = z.object({ secret: z.string().describe('Base32, for typing into the app'), otpauth_url: z.string().describe('otpauth://totp/... for the QR code') });
export const MfaConfirmOut = LoginOut.extend({ recovery_codes: z.array(z.string()).describe('Shown once: each works once in place of a code') });

export const SessionOut = z.object({
  id: z.number().int(),
  kind: z.enum(['member', 'staff']),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string().describe('The latest end; a staff session also ends after 30 idle minutes'),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean().describe('The session this call was made with'),
});
export type SessionOut = z.infer<typeof SessionOut>;

export const StaffRoleOut = z.enum(['admin', 'editor', 'support']);

/** GET /api/console/me/. */
export const StaffMeOut = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: StaffRoleOut,
  markets: z.array(z.string()).nullable().describe('null: every market'),
});
export type StaffMeOut = z.infer<typeof StaffMeOut>;

export const StaffMemberOut = StaffMeOut.extend({
  disabled: z.boolean(),
  second_factor_enrolled: z.boolean(),
  created_at: z.string(),
});
export type StaffMemberOut = z.infer<typeof StaffMemberOut>;

export const InvitationOut = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.string(),
  markets: z.array(z.string()).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type InvitationOut = z.infer<typeof InvitationOut>;

export const StaffListOut = z.object({ staff: z.array(StaffMemberOut), invitations: z.array(InvitationOut) });

/** A console list page: `count` is exact up to 10,000, then 10,001 ("10,000+"). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int(), page: z.number().int(), page_size: z.number().int() });
}

export const AuditEntryOut = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  market_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntryOut = z.infer<typeof AuditEntryOut>;
export const AuditPageOut = pageOf(AuditEntryOut);

/** POST /api/console/account/recovery-codes/: ten new one-time codes, shown once. */
export const RecoveryCodesOut = z.object({ recovery_codes: z.array(z.string()).describe('Ten new one-time codes; the old ones no longer work') });
export type RecoveryCodesOut = z.infer<typeof RecoveryCodesOut>;
