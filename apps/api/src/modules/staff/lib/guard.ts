// Who may use the staff console (docs/security.md "Staff console"). Every console route declares
// the roles it serves; the check runs on the server before the body is read:
//
//   app.patch('/api/console/offers/:id/', { onRequest: requireStaff('editor'), ... },
//     async (request) => updateOffer(deps, currentStaff(request), ...));
//
// 401 without a live session that passed the second factor; 403 for a member, or for a role the
// route does not list. Admins pass every check. A staff member limited to some markets is checked
// record by record with assertMarket, and lists are filtered with staffMarketFilter.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { requireUser } from '../../auth/lib/guard.ts';

export const STAFF_ONLY = 'This is for LocalSaver staff only.';
export const SECOND_FACTOR_NEEDED = 'Sign in to the staff console with your second factor to do this.';
export const ROLE_MISSING = 'Your staff role does not allow this.';
export const OTHER_MARKET = 'This belongs to a market you do not work on.';

export interface StaffUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  /** null: every market. */
  markets: string[] | null;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff. */
    staff?: StaffUser;
  }
}

/** onRequest hook: a staff session of one of `roles` (admins always pass). */
export function requireStaff(...roles: StaffRole[]) {
  return async function staffOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireUser(request, reply);
    const user = request.user!;
    if (!user.role) throw new AppError('forbidden', STAFF_ONLY);
    if (user.sessionKind !== 'staff') {
      reply.header('www-authenticate', 'Bearer error="insufficient_user_authentication"');
      throw new AppError('unauthorized', SECOND_FACTOR_NEEDED);
    }
    if (user.role !== 'admin' && !roles.includes(user.role)) throw new AppError('forbidden', ROLE_MISSING);
    request.staff = { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, role: user.role, markets: user.markets, tokenHash: user.tokenHash };
  };
}

/** Every staff role. */
export const anyStaff = requireStaff('admin', 'editor', 'support');

/** The staff member of a call that went through requireStaff. */
export function currentStaff(request: FastifyRequest): StaffUser {
  if (!request.staff) throw new AppError('unauthorized', SECOND_FACTOR_NEEDED);
  return request.staff;
}

/** Whether a staff member works on a market (an unlimited one works on all). */
export function worksOn(staff: Pick<StaffUser, 'markets'>, marketId: string | null | undefined): boolean {
  if (staff.markets === null) return true;
  return marketId !== null && marketId !== undefined && staff.markets.includes(marketId);
}

/** Throws 403 when the record's market is not one the staff member works on. */
export function assertMarket(staff: Pick<StaffUser, 'markets'>, marketId: string | null | undefined): void {
  if (!worksOn(staff, marketId)) throw new AppError('forbidden', OTHER_MARKET);
}

/** The markets a list is limited to for this staff member; null for every market. */
export function staffMarketFilter(staff: Pick<StaffUser, 'markets'>): string[] | null {
  return staff.markets;
}
