// The auth calls of SPEC.md 7 (/auth/*), thin: validate, call the service, pick a status.
// Every answer is private and never cached (docs/security.md). Rate limits (docs/api.md "Limits")
// are per client IP; failed log-ins are also counted per IP and e-mail, so a burst of wrong
// passwords from one place never locks the owner out elsewhere, and at most for one window where it
// came from. Failed log-ins from every address together also meet a per-account ceiling: short,
// growing pauses that a password reset by e-mail ends (sign-in-throttle.ts); so do wrong password
// re-checks of a signed-in account. Wrong second-factor codes meet their own per-account ceiling
// (second-factor-ceiling.ts). New passwords are
// checked against the common-password list here, on the server only (password-policy.ts).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema } from '@market/domain/validation/login';
import { deleteAccountSchema, passwordResetRequestSchema, verifyUserSchema } from '@market/domain/validation/password';
import { serverChangePasswordSchema, serverPasswordResetSchema, serverRegistrationSchema } from '@market/domain/validation/password-policy';
import { profileUpdateSchema } from '@market/domain/validation/profile';
import { formatWait } from '@market/domain/wait-time';
import { AppError } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, requireUser } from './lib/guard.ts';
import { prepareTimingEqualiser } from './lib/passwords.ts';
import { ACCOUNT_SIGN_IN_LIMITS, signInPausedError } from './lib/sign-in-throttle.ts';
import { SECOND_FACTOR_LIMITS } from './lib/second-factor-ceiling.ts';
import { DetailOut, LoginAnswerOut, LoginOut, MfaConfirmOut, SessionOut, TotpSetupOut, UserInfoOut } from './schema.ts';
import { invitationAcceptSchema, mfaCodeSchema, mfaTokenSchema } from '@market/domain/validation/staff';
import { z } from 'zod';
import { idParam } from '../../lib/query.ts';
import {
  ACCOUNT_DISABLED,
  BAD_CREDENTIALS,
  acceptInvitation,
  confirmTotp,
  endOwnSession,
  listSessions,
  setupTotp,
  verifySecondFactor,
  changePassword,
  deleteAccount,
  getUserInfo,
  login,
  logout,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  updateUserInfo,
  verifyUser,
} from './service.ts';

const MINUTE = 60_000;
/** Limits per client IP (and, for log-in failures, per IP and e-mail). */
export const AUTH_RATE_LIMITS = {
  register: { max: 10, timeWindow: 60 * MINUTE },
  login: { max: 30, timeWindow: 15 * MINUTE },
  loginFailures: { max: 5, timeWindow: 15 * MINUTE },
  passwordReset: { max: 5, timeWindow: 15 * MINUTE },
  oneTimeLinks: { max: 20, timeWindow: 15 * MINUTE },
  passwordChecks: { max: 10, timeWindow: 15 * MINUTE },
  verificationResends: { max: 3, timeWindow: 15 * MINUTE },
  secondFactor: { max: 20, timeWindow: 15 * MINUTE },
} as const;

/** What a new session records of the client that made it (shown in the sessions list). */
function sessionFacts(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, ip: request.ip };
}


const bearer = [{ bearer: [] }];
const perMember = { hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => `member:${request.user?.id ?? request.ip}` };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  void prepareTimingEqualiser();
  const { deps } = app;
  const loginFailures = app.createRateLimit({
    ...AUTH_RATE_LIMITS.loginFailures,
    keyGenerator: (request) => `login-failures:${request.ip}:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
  });

  app.post(
    '/auth/register/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.register },
      schema: {
        tags: ['auth'],
        summary: 'Sign up (SPEC.md 3 Registration); mails a verification link',
        description: 'Answers the same for a new and an already registered e-mail; the owner of an existing account is e-mailed instead. Unknown fields (idmkmdigid, authAgeRequirement...) are ignored.',
        body: optionalBody(serverRegistrationSchema),
        response: { 201: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return register(deps, request.body);
    },
  );

  app.post(
    '/auth/login/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.login },
      schema: {
        tags: ['auth'],
        summary: 'Log in: a 30-day bearer token, or for a staff account the second-factor step',
        description: `After ${ACCOUNT_SIGN_IN_LIMITS.failures} wrong passwords for one e-mail address within ${formatWait(ACCOUNT_SIGN_IN_LIMITS.windowSeconds)}, from any client addresses, password sign-in for it pauses (429 with Retry-After) for ${formatWait(ACCOUNT_SIGN_IN_LIMITS.firstPauseSeconds)}, doubling with each further run up to ${formatWait(ACCOUNT_SIGN_IN_LIMITS.longestPauseSeconds)}; the owner is told by e-mail (once a day at most), and a password reset ends the pause.`,
        body: optionalBody(loginSchema),
        response: { 200: LoginAnswerOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      const seen = await loginFailures(request, { increment: false });
      if (!seen.isAllowed && seen.remaining <= 0) {
        const wait = Math.max(1, seen.ttlInSeconds);
        reply.header('retry-after', String(wait));
        throw new AppError('too_many', `Too many failed log-in attempts from this connection. Please try again in ${formatWait(wait)}.`);
      }
      const result = await login(deps, request.body, sessionFacts(request));
      if (result.kind === 'disabled') throw new AppError('forbidden', ACCOUNT_DISABLED);
      if (result.kind === 'paused') {
        reply.header('retry-after', String(result.seconds));
        throw signInPausedError(result.seconds);
      }
      if (result.kind === 'wrong') {
        await loginFailures(request);
        throw new AppError('invalid', BAD_CREDENTIALS, { non_field_errors: [BAD_CREDENTIALS] });
      }
      return result.answer;
    },
  );

  app.post(
    '/auth/logout/',
    { onRequest: requireUser, schema: { tags: ['auth'], summary: 'Log out: revokes the token of this call', security: bearer } },
    async (request, reply) => {
      await logout(deps, currentUser(request).tokenHash);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.post(
    '/auth/passwordreset/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.passwordReset },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link',
        description: 'Answers the same whether or not the e-mail has an account. The link is `${PUBLIC_URL}/login/reset?id=…&token=…` and expires in 1 hour. One address gets at most 3 reset, confirmation and invitation mails an hour: past that the answer is the same and no mail goes.',
        body: optionalBody(passwordResetRequestSchema),
        response: { 200: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return requestPasswordReset(deps, request.body.email);
    },
  );

  app.post(
    '/auth/resetpassword/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.oneTimeLinks },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the id and token of the mailed link; revokes every access token and ends a sign-in pause',
        body: optionalBody(serverPasswordResetSchema),
        response: { 200: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return resetPassword(deps, request.body);
    },
  );

  app.post(
    '/auth/verifyuser/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.oneTimeLinks },
      schema: { tags: ['auth'], summary: 'Confirm the e-mail address with the id and token of the mailed link (`${PUBLIC_URL}/verify?id=…&token=…`, valid 1 day)', body: optionalBody(verifyUserSchema), response: { 200: DetailOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return verifyUser(deps, request.body);
    },
  );

  app.post(
    '/auth/verifyuser/resend/',
    {
      onRequest: requireUser,
      config: { rateLimit: { ...AUTH_RATE_LIMITS.verificationResends, ...perMember } },
      schema: {
        tags: ['auth'],
        summary: 'Mail the signed-in member a new link to confirm the e-mail address (the old link stops working)',
        description: 'Contest entries and sweepstakes claims need a confirmed address. Answers 200 with what was done; nothing is mailed for an address already confirmed.',
        security: bearer,
        response: { 200: DetailOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return resendVerification(deps, currentUser(request).id);
    },
  );

  app.get(
    '/auth/user/info/',
    { onRequest: requireUser, schema: { tags: ['auth'], summary: 'My Account: the profile', security: bearer, response: { 200: UserInfoOut } } },
    async (request, reply) => {
      privateNoStore(reply);
      return getUserInfo(deps, currentUser(request).id);
    },
  );

  app.put(
    '/auth/user/info/',
    {
      onRequest: requireUser,
      schema: { tags: ['auth'], summary: 'Change profile fields (send only those that change; the e-mail is not changed here)', security: bearer, body: optionalBody(profileUpdateSchema), response: { 200: UserInfoOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateUserInfo(deps, currentUser(request).id, request.body);
    },
  );

  app.put(
    '/auth/user/changepassword/',
    {
      onRequest: requireUser,
      config: { rateLimit: { ...AUTH_RATE_LIMITS.passwordChecks, ...perMember } },
      schema: {
        tags: ['auth'],
        summary: 'Change the password; revokes every token and answers a fresh one',
        description: 'A wrong current password counts like a failed sign-in of the account (429 with Retry-After while password sign-in for it is paused).',
        security: bearer,
        body: optionalBody(serverChangePasswordSchema),
        response: { 200: LoginOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return changePassword(deps, currentUser(request).id, request.body);
    },
  );

  app.delete(
    '/auth/user/',
    {
      onRequest: requireUser,
      config: { rateLimit: { ...AUTH_RATE_LIMITS.passwordChecks, ...perMember } },
      schema: {
        tags: ['auth'],
        summary: 'Delete the account and its personal data',
        description: 'A wrong password counts like a failed sign-in of the account (429 with Retry-After while password sign-in for it is paused).',
        security: bearer,
        body: optionalBody(deleteAccountSchema),
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, currentUser(request).id, request.body);
      return privateNoStore(reply).status(204).send();
    },
  );

  app.post(
    '/auth/invitations/accept/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.oneTimeLinks },
      schema: {
        tags: ['auth'],
        summary: "Accept an invitation to the staff console or to a business's team: sets the password (or, for an address that has an account, checks it) and gives the role",
        description:
          'The invitation link (`${PUBLIC_URL}/console/invitation?token=…`, or `${PUBLIC_URL}/business/centre/invitation?token=…` for a business) works once and expires in 72 hours. An existing account\'s password counts like a sign-in (a wrong one towards the pause, 429 while paused); a staff account cannot join a business; the last owner of a business cannot take another role through an invitation to their own address (409, as on the team page). Sign in afterwards: the first sign-in of staff, owners and managers enrols the second factor.',
        body: optionalBody(invitationAcceptSchema),
        response: { 201: z.object({ detail: z.string(), user_id: z.number().int() }) },
      },
    },
    async (request, reply) => {
      privateNoStore(reply).status(201);
      return acceptInvitation(deps, request.body);
    },
  );

  app.post(
    '/auth/mfa/totp/setup/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.secondFactor },
      schema: {
        tags: ['auth'],
        summary: 'Start enrolling an authenticator app: a new TOTP secret and its otpauth:// address for the QR code',
        description: 'Takes the `mfa_token` of a log-in answer `{mfa_enrolment_required: true}`. Asking again replaces the pending secret.',
        body: optionalBody(mfaTokenSchema),
        response: { 200: TotpSetupOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return setupTotp(deps, request.body.mfa_token);
    },
  );

  app.post(
    '/auth/mfa/totp/confirm/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.secondFactor },
      schema: {
        tags: ['auth'],
        summary: 'Finish enrolment with a code from the app: a 12-hour staff session and ten recovery codes, shown once',
        body: optionalBody(mfaCodeSchema),
        response: { 200: MfaConfirmOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return confirmTotp(deps, request.body, sessionFacts(request));
    },
  );

  app.post(
    '/auth/mfa/verify/',
    {
      config: { rateLimit: AUTH_RATE_LIMITS.secondFactor },
      schema: {
        tags: ['auth'],
        summary: 'The second factor at sign-in: a code from the app (each works once) or an unused recovery code; answers a 12-hour staff session',
        description: `Takes the \`mfa_token\` of a log-in answer \`{mfa_required: true}\`; after 5 wrong codes the step is spent and the password is asked again. Wrong codes are also counted per account, across every sign-in step and client address (a right password does not reset the count, a right second factor does): after ${SECOND_FACTOR_LIMITS.failures} within ${formatWait(SECOND_FACTOR_LIMITS.windowSeconds)}, codes from the app are refused unchecked for ${formatWait(SECOND_FACTOR_LIMITS.firstPauseSeconds)} (429 with Retry-After), twice as long with each further run up to ${formatWait(SECOND_FACTOR_LIMITS.longestPauseSeconds)}, and the owner is e-mailed; a recovery code is still checked during the pause. A staff session also ends after 30 idle minutes.`,
        body: optionalBody(mfaCodeSchema),
        response: { 200: LoginOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return verifySecondFactor(deps, request.body, sessionFacts(request));
    },
  );

  app.get(
    '/auth/sessions/',
    { onRequest: requireUser, schema: { tags: ['auth'], summary: 'My live sessions (devices signed in), newest first', security: bearer, response: { 200: z.array(SessionOut) } } },
    async (request, reply) => {
      privateNoStore(reply);
      const user = currentUser(request);
      return listSessions(deps, user.id, user.tokenHash);
    },
  );

  app.delete(
    '/auth/sessions/:id/',
    { onRequest: requireUser, schema: { tags: ['auth'], summary: 'End one of my sessions', security: bearer, params: z.object({ id: idParam }) } },
    async (request, reply) => {
      await endOwnSession(deps, currentUser(request).id, request.params.id);
      return privateNoStore(reply).status(204).send();
    },
  );
};
