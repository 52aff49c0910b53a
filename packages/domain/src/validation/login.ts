// Log in (SPEC.md 3 Login, 5: email and password required, 'This is required').
import { z } from 'zod';
import { EMAIL_MAX, OBJECT_EXPECTED, REQUIRED, INVALID_TEXT, passwordField, tooLong } from './fields.ts';

/**
 * POST /auth/login/ body. The e-mail is only required here, not format-checked: a malformed one
 * simply does not match an account, and the answer is the same as for a wrong password.
 */
export const loginSchema = z.object(
  {
    email: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT) })
      .trim()
      .toLowerCase()
      .min(1, { message: REQUIRED, abort: true })
      .max(EMAIL_MAX, tooLong(EMAIL_MAX)),
    password: passwordField,
  },
  { error: OBJECT_EXPECTED },
);
export type LoginInput = z.input<typeof loginSchema>;
