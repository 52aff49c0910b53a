// Members in the staff console (docs/api.md "Staff console"): carrying out a deletion request. The
// same schema checks the console's form and the API.
import { z } from 'zod';
import { OBJECT_EXPECTED } from './fields.ts';

/** POST /api/console/members/{id}/deletion/: the account's address, typed to confirm. */
export const MemberDeletionBody = z.object(
  {
    confirm_email: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'This is required.' : "Type the member's e-mail address.") })
      .trim()
      .min(1, 'This is required.')
      .max(254, 'Use at most 254 characters.'),
  },
  { error: OBJECT_EXPECTED },
);
