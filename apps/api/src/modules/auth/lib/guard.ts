// Who is calling: bearer access tokens on protected routes (SPEC.md 6: authenticated calls send a
// bearer access token).
//
// Use in any module, as an onRequest hook (it needs only the headers, and runs before the body is
// read and validated, so an anonymous call gets its 401 whatever it sends):
//   import { currentUser, optionalUser, requireUser } from './guard.ts';
//
//   app.get('/api/userallprints/', { onRequest: requireUser, schema: { security: [{ bearer: [] }], ... } },
//     async (request) => listPrints(db, currentUser(request).id));
//
//   // a token is used when present and valid; anonymous (or stale-token) calls go on as anonymous
//   app.get('/api/contests/:id/', { onRequest: optionalUser, ... }, async (request) =>
//     contestDetail(db, id, request.user?.id ?? null));
//
// requireUser answers 401 with {detail: 'You need to be logged in to make this request.'} when no
// token is sent (SPEC.md 8), and 401 with {detail: INVALID_TOKEN_DETAIL} plus
// `WWW-Authenticate: Bearer error="invalid_token"` when the token is unknown, expired or revoked,
// so the web can log the member out and open the login modal (SPEC.md 4 "Saved items load with an
// auth error").
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_NOT_CONFIRMED } from '@market/domain/validation/contests';
import { AppError } from '../../../lib/errors.ts';
import type { StaffRole } from '../../../db/schema/index.ts';
import { findUserByLiveAccessToken, touchAccessToken } from '../repository.ts';
import { STAFF_IDLE_SECONDS, TOUCH_AFTER_SECONDS, hashToken } from './tokens.ts';

/** SPEC.md 8: a missing token. */
export const LOGIN_REQUIRED_DETAIL = 'You need to be logged in to make this request.';
/** A token that is not (or no longer) valid: distinct, so the client can drop it. */
export const INVALID_TOKEN_DETAIL = 'Your session has expired. Please log in again.';

export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Whether the member confirmed the e-mail address with the mailed link. */
  emailVerified: boolean;
  /** SHA-256 of the token of this request (logout revokes it). */
  tokenHash: string;
  /** The session (access token row) of this request. */
  sessionId: number;
  /** 'staff' when the session passed the second factor (staff console). */
  sessionKind: 'member' | 'staff';
  /** Staff role of the account; null for a member. */
  role: StaffRole | null;
  /** Markets a staff member is limited to; null for every market. */
  markets: string[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / optionalUser; null for anonymous calls. */
    user: AuthUser | null;
  }
}

/** The token of the Authorization header: undefined when none is sent, '' when it is malformed. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header);
  return match ? match[1]! : '';
}

async function resolveUser(request: FastifyRequest, token: string): Promise<AuthUser | null> {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const db = request.server.deps.db.db;
  const row = await findUserByLiveAccessToken(db, tokenHash, STAFF_IDLE_SECONDS);
  if (!row) return null;
  const { idleSeconds, staffMarkets, ...user } = row;
  if (idleSeconds > TOUCH_AFTER_SECONDS[user.sessionKind]) await touchAccessToken(db, user.sessionId);
  return { ...user, markets: staffMarkets, tokenHash };
}

/** onRequest hook: the call needs a logged-in member (sets request.user). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (token === undefined) {
    reply.header('www-authenticate', 'Bearer');
    throw new AppError('unauthorized', LOGIN_REQUIRED_DETAIL);
  }
  const user = await resolveUser(request, token);
  if (!user) {
    reply.header('www-authenticate', 'Bearer error="invalid_token"');
    throw new AppError('unauthorized', INVALID_TOKEN_DETAIL);
  }
  request.user = user;
}

/**
 * onRequest hook: the call needs a logged-in member whose e-mail address is confirmed (contest
 * entries and sweepstakes claims, docs/decisions.md): 401 as requireUser, then 403.
 */
export async function requireVerifiedUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (!request.user!.emailVerified) throw new AppError('forbidden', EMAIL_NOT_CONFIRMED);
}

/** onRequest hook: uses the member's token when it is valid, and goes on anonymously otherwise. */
export async function optionalUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  request.user = token === undefined ? null : await resolveUser(request, token);
}

/** The member of a call that went through requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthorized', LOGIN_REQUIRED_DETAIL);
  return request.user;
}

/**
 * Declares request.user on the root instance (registered once from modules/index.ts). Marked
 * skip-override, like fastify-plugin does, so the decoration is not encapsulated.
 */
export async function authContext(app: FastifyInstance): Promise<void> {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
}
(authContext as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
