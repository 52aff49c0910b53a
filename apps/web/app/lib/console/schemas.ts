// The answers of the staff console's calls (docs/api.md; /work paths of ARCHITECTURE "Wave 2"),
// parsed by the console's server module before a page reads them. Extra fields are allowed, so
// the API can add to an answer without breaking a page that does not use it yet.
import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'editor', 'support'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** GET /api/console/me/: who is signed in to the console. */
export const StaffMeOut = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: StaffRole,
  /** Market ids this staff member is limited to; null means every market. */
  markets: z.array(z.string()).nullable(),
});
export type StaffMe = z.infer<typeof StaffMeOut>;

/** POST /auth/login/: a second factor is due, or must first be set up, or (a member) a token. */
export const ConsoleLoginOut = z.union([
  z.object({ mfa_required: z.literal(true), mfa_token: z.string().min(1) }),
  z.object({ mfa_enrolment_required: z.literal(true), mfa_token: z.string().min(1) }),
  z.object({ token: z.string().min(1), expires: z.number().optional(), user: z.looseObject({}).optional() }),
]);
export type ConsoleLoginOut = z.infer<typeof ConsoleLoginOut>;

/** POST /auth/mfa/verify/. */
export const MfaVerifyOut = z.object({ token: z.string().min(1) });

/** POST /auth/mfa/totp/setup/. */
export const TotpSetupOut = z.object({ secret: z.string().min(1), otpauth_url: z.string().min(1) });
export type TotpSetupOut = z.infer<typeof TotpSetupOut>;

/** POST /auth/mfa/totp/confirm/: the staff session and the recovery codes, shown once. */
export const TotpConfirmOut = z.object({ token: z.string().min(1), recovery_codes: z.array(z.string()) });

/** GET /auth/sessions/: one signed-in device. */
export const SessionOut = z.object({
  id: z.union([z.number().int(), z.string()]),
  kind: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable().optional(),
  expires_at: z.string().nullable().optional(),
  user_agent: z.string().nullable().optional(),
  ip: z.string().nullable().optional(),
  current: z.boolean(),
});
export type SessionOut = z.infer<typeof SessionOut>;
export const SessionsOut = z.array(SessionOut);

/** A console list answer (COMMON "Console lists"): one page of results and the capped count. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int(), page: z.number().int(), page_size: z.number().int() });
}
