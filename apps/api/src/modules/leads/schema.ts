// zod out-schemas of the lead calls; the in-schemas are the shared ones of
// @market/domain/validation/leads (the web forms parse with the very same).
import { z } from 'zod';
import { INVALID_TEXT, OBJECT_EXPECTED, REQUIRED, TOKEN_MAX, tooLong } from '@market/domain/validation/fields';

// The answers are the shared schemas of @market/domain/api (the web client parses with them).
export { LeadOut } from '@market/domain/api/leads';
export { DetailOut } from '@market/domain/api/auth';

export const UnsubscribeQuery = z.object({
  token: z.string().max(200).optional().describe('The token of the link in the newsletter mail'),
});

/** POST /auth/newsletter/confirm/: the token of the mailed confirmation link. */
export const NewsletterConfirmBody = z.object(
  {
    token: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? REQUIRED : INVALID_TEXT) })
      .trim()
      .min(1, { message: REQUIRED, abort: true })
      .max(TOKEN_MAX, tooLong(TOKEN_MAX)),
  },
  { error: OBJECT_EXPECTED },
);
