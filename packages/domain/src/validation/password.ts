// Password flows: change (SPEC.md 5 'New Passwords to not match.'), delete account ('Passwords do
// not match.'), reset request, reset with a mailed token, and e-mail verification (SPEC.md 7).
import { z } from 'zod';
import {
  DELETE_PASSWORDS_DO_NOT_MATCH,
  NEW_PASSWORDS_DO_NOT_MATCH,
  OBJECT_EXPECTED,
  PASSWORDS_DO_NOT_MATCH,
  REQUIRED,
  INVALID_TEXT,
  TOKEN_MAX,
  bodyId,
  emailField,
  newPasswordField,
  optionalConfirmation,
  passwordField,
  tooLong,
  withAliases,
} from './fields.ts';

/** PUT /auth/user/changepassword/: current password, new one, optional confirmation. */
export const changePasswordSchema = z.preprocess(
  (v) => withAliases(v, { re_new_password: ['confirm_new_password', 'new_password_confirmation', 'confirmNewPassword'] }),
  z
    .object({ password: passwordField, new_password: newPasswordField, re_new_password: optionalConfirmation }, { error: OBJECT_EXPECTED })
    .superRefine((v, ctx) => {
      if (v.re_new_password !== undefined && typeof v.new_password === 'string' && v.re_new_password !== v.new_password) {
        ctx.addIssue({ code: 'custom', path: ['re_new_password'], message: NEW_PASSWORDS_DO_NOT_MATCH });
      }
    }),
);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** DELETE /auth/user/: the password, and optionally its confirmation. */
export const deleteAccountSchema = z.preprocess(
  (v) => withAliases(v, { re_password: ['confirm_password', 'confirmPassword'] }),
  z
    .object({ password: passwordField, re_password: optionalConfirmation }, { error: OBJECT_EXPECTED })
    .superRefine((v, ctx) => {
      if (v.re_password !== undefined && typeof v.password === 'string' && v.re_password !== v.password) {
        ctx.addIssue({ code: 'custom', path: ['re_password'], message: DELETE_PASSWORDS_DO_NOT_MATCH });
      }
    }),
);
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /auth/passwordreset/ (the /login/recover form). */
export const passwordResetRequestSchema = z.object({ email: emailField }, { error: OBJECT_EXPECTED });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

const tokenField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT) })
  .trim()
  .min(1, { message: REQUIRED, abort: true })
  .max(TOKEN_MAX, tooLong(TOKEN_MAX));

/** POST /auth/resetpassword/: the id and token of the mailed link, and the new password. */
export const passwordResetSchema = z.preprocess(
  (v) => withAliases(v, { re_password: ['confirm_password', 'confirmPassword', 're_new_password'], password: ['new_password'] }),
  z
    .object({ id: bodyId, token: tokenField, password: newPasswordField, re_password: optionalConfirmation }, { error: OBJECT_EXPECTED })
    .superRefine((v, ctx) => {
      if (v.re_password !== undefined && typeof v.password === 'string' && v.re_password !== v.password) {
        ctx.addIssue({ code: 'custom', path: ['re_password'], message: PASSWORDS_DO_NOT_MATCH });
      }
    }),
);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** POST /auth/verifyuser/: the id and token of the mailed verification link. */
export const verifyUserSchema = z.object({ id: bodyId, token: tokenField }, { error: OBJECT_EXPECTED });
export type VerifyUserInput = z.input<typeof verifyUserSchema>;
