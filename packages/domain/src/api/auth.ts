// Answers of the auth calls; the request bodies are the shared schemas of ../validation, so the
// web forms validate exactly like the API.
import '../validation/zod-jitless.ts';
import { z } from 'zod';

/** SPEC.md 3 User info. */
export const UserOut = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** POST /auth/login/: the token, its expiry in seconds since the epoch (SPEC.md 4) and the user. */
export const LoginOut = z.object({
  token: z.string().describe('Bearer access token; send it as `Authorization: Bearer <token>`'),
  expires: z.number().int().describe('Expiry, seconds since the epoch (30 days after issue)'),
  user: UserOut.extend({ first_name: z.string().describe('The first name as the member typed it (the greeting shows it whole)') }),
});
export type LoginOut = z.infer<typeof LoginOut>;

/** GET/PUT /auth/user/info/: the profile (SPEC.md 3 User info plus the sign-up fields). */
export const UserInfoOut = UserOut.extend({
  first_name: z.string(),
  last_name: z.string(),
  state: z.string(),
  zipcode: z.string(),
  birthday: z.string().nullable().describe('YYYY-MM-DD'),
  promotions_agree: z.boolean(),
  email_verified: z.boolean(),
});
export type UserInfoOut = z.infer<typeof UserInfoOut>;

/** An answer that only says what happened. */
export const DetailOut = z.object({ detail: z.string() });

/** The 4xx body: each field with its messages, or a detail (SPEC.md 8). */
export const ErrorOut = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
