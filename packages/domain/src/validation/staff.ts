// Staff accounts (docs/security.md "Staff console"): invitations, the second factor and the
// staff records admins edit. The same schemas check the console forms and the API.
import { z } from 'zod';
import { MARKET_IDS } from '../markets.ts';
import { INVALID_TEXT, NAME_MAX, OBJECT_EXPECTED, REQUIRED, TOKEN_MAX, emailField, newPasswordField, passwordField, requiredText, tooLong } from './fields.ts';

export const STAFF_ROLE_NAMES = ['admin', 'editor', 'support'] as const;
export type StaffRoleName = (typeof STAFF_ROLE_NAMES)[number];

export const INVALID_ROLE = 'Choose admin, editor or support.';
export const INVALID_MARKET = `Choose markets among ${MARKET_IDS.join(', ')}.`;
export const INVALID_CODE = 'Enter the 6-digit code from your authenticator app, or a recovery code.';

const stringError = (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT);

/** A token handed out by a link or an earlier step (URL-safe base64). */
const opaqueToken = z
  .string({ error: stringError })
  .trim()
  .min(1, { message: REQUIRED, abort: true })
  .max(TOKEN_MAX, tooLong(TOKEN_MAX))
  .regex(/^[A-Za-z0-9_-]+$/, 'This link or step is invalid or has expired.');

/** Markets a staff member is limited to; absent, null or empty means every market. */
export const staffMarketsField = z
  .array(z.enum(MARKET_IDS, { error: INVALID_MARKET }), { error: INVALID_MARKET })
  .max(MARKET_IDS.length)
  .nullish()
  .transform((v) => (v && v.length ? [...new Set(v)] : null));

export const staffRoleField = z.enum(STAFF_ROLE_NAMES, { error: INVALID_ROLE });

/** POST /api/console/staff/invitations/. */
export const staffInvitationSchema = z.object({ email: emailField, role: staffRoleField, markets: staffMarketsField }, { error: OBJECT_EXPECTED });

/** POST /auth/invitations/accept/ (new password checked against the lists on the server). */
export const invitationAcceptSchema = z.object(
  { token: opaqueToken, password: newPasswordField, first_name: requiredText(NAME_MAX), last_name: requiredText(NAME_MAX) },
  { error: OBJECT_EXPECTED },
);

/** POST /auth/mfa/totp/setup/. */
export const mfaTokenSchema = z.object({ mfa_token: opaqueToken }, { error: OBJECT_EXPECTED });

/**
 * A second-factor code: six digits from the app (spaces allowed), or a recovery code
 * (xxxxx-xxxxx, case and dashes ignored).
 */
export const mfaCodeField = z
  .string({ error: stringError })
  .transform((s) => s.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, { message: REQUIRED, abort: true }).regex(/^(\d{6}|[a-z2-7]{10})$/, INVALID_CODE));

/** POST /auth/mfa/totp/confirm/ and /auth/mfa/verify/. */
export const mfaCodeSchema = z.object({ mfa_token: opaqueToken, code: mfaCodeField }, { error: OBJECT_EXPECTED });

/** PATCH /api/console/staff/{id}/: a change of role, markets or access asks for the admin's password. */
export const staffUpdateSchema = z.object(
  {
    current_password: passwordField,
    role: staffRoleField.optional(),
    markets: staffMarketsField.optional(),
    disabled: z.boolean({ error: 'Send true or false.' }).optional(),
    reset_second_factor: z.boolean({ error: 'Send true or false.' }).optional(),
  },
  { error: OBJECT_EXPECTED },
);

/** POST /api/console/account/email/: a new address for the signed-in staff member, with their password. */
export const ownEmailChangeSchema = z.object({ current_password: passwordField, email: emailField }, { error: OBJECT_EXPECTED });

/** POST /api/console/account/recovery-codes/ and /second-factor/reset/: the password again. */
export const ownPasswordCheckSchema = z.object({ current_password: passwordField }, { error: OBJECT_EXPECTED });
