// The preference centre's calls (signed in) and the one-click unsubscribe of every notification
// mail (no sign-in: the link's token says who). Thin: schema, service, status.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NOTIFICATION_LABELS, notificationChoicesUpdateSchema } from '@market/domain/notifications';
import { AppError } from '../../lib/errors.ts';
import { privateNoStore } from '../../lib/http.ts';
import { optionalBody } from '../../lib/request-body.ts';
import { currentUser, requireUser } from '../auth/lib/guard.ts';
import { escapeHtml } from '../mail/lib/compose.ts';
import { UNSUBSCRIBE_PAGE_CSP, acceptOneClickForms, unsubscribePage } from '../mail/lib/unsubscribe.ts';
import { PREFERENCE_CENTRE_PATH } from './lib/mails.ts';
import { DetailOut, NotificationPreferencesOut, UnsubscribeQuery } from './schema.ts';
import { ALL_NOTIFICATIONS_UNSUBSCRIBED, UNSUBSCRIBE_LINK_INVALID, getNotificationPreferences, unsubscribe, unsubscribeLinkValid, unsubscribedText, updateNotificationPreferences } from './service.ts';

const PREFERENCES = { label: 'Manage your e-mail preferences', href: `${PREFERENCE_CENTRE_PATH}#notifications` };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const security = [{ bearer: [] }];

  app.get(
    '/api/user/notifications/',
    {
      onRequest: requireUser,
      schema: { tags: ['account'], summary: 'My notification choices (the defaults until first saved)', security, response: { 200: NotificationPreferencesOut } },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return getNotificationPreferences(deps, currentUser(request).id);
    },
  );

  app.put(
    '/api/user/notifications/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Save notification choices (any subset); answers them all',
        description:
          'expiry_reminder, new_from_places, weekly_digest, contest_reminder, contest_result, marketing: true or false; digest_day: 0 (Monday) to 6 (Sunday). Marketing mail (new from my places, weekly digest) goes only while `marketing` is on and the address is confirmed (`address_confirmed`).',
        security,
        body: optionalBody(notificationChoicesUpdateSchema),
        response: { 200: NotificationPreferencesOut },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateNotificationPreferences(deps, currentUser(request).id, request.body);
    },
  );

  // Only the unsubscribe link takes form bodies (RFC 8058 one-click); the preference centre's PUT
  // stays JSON-only, so a form posted to it is a 415, not an empty update.
  await app.register(unsubscribeRoutes);
};

const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptOneClickForms(app);

  app.get(
    '/api/notifications/unsubscribe/',
    {
      schema: {
        tags: ['account'],
        summary: 'Unsubscribe link of a notification mail (no sign-in): a page with one button',
        description: 'Answers an HTML page whose button POSTs to the same address (a link opened by a mail scanner changes nothing); 404 for a link that is not ours.',
        querystring: UnsubscribeQuery,
      },
    },
    async (request, reply) => {
      const { token = '', kind } = request.query;
      privateNoStore(reply).type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').header('content-security-policy', UNSUBSCRIBE_PAGE_CSP);
      if (!(await unsubscribeLinkValid(deps, token, kind))) return reply.status(404).send(unsubscribePage('Link not valid', UNSUBSCRIBE_LINK_INVALID, { more: PREFERENCES }));
      const label = NOTIFICATION_LABELS[kind].title.toLowerCase();
      const action = `?${new URLSearchParams({ token, kind }).toString()}`;
      // Stopping every kind is a choice of its own, made here (never by the one-click POST).
      return unsubscribePage(`Unsubscribe from ${label}?`, `You will no longer receive ${label}. Other mails are not changed.`, {
        html:
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="confirm" value="1"><button type="submit">Unsubscribe from ${escapeHtml(label)}</button></form>` +
          `<p>Or stop every kind of notification mail (reminders, new offers, digests, contests):</p>` +
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="confirm" value="1"><input type="hidden" name="scope" value="all"><button type="submit">Stop all notification mails</button></form>`,
        more: PREFERENCES,
      });
    },
  );

  app.post(
    '/api/notifications/unsubscribe/',
    {
      schema: {
        tags: ['account'],
        summary: 'Unsubscribe from one kind at once (no sign-in): RFC 8058 one-click (List-Unsubscribe=One-Click) or the page’s button',
        description:
          'The token is bound to the member, the kind and the last password change: a link whose kind was edited, or made before a password change, is a 404. The page’s second button (form `confirm=1&scope=all`) stops every kind; a one-click body never does. Answers JSON {detail}, or an HTML page to a browser (Accept: text/html). Idempotent.',
        querystring: UnsubscribeQuery,
        response: { 200: DetailOut },
      },
    },
    async (request, reply) => {
      const { token = '', kind } = request.query;
      privateNoStore(reply);
      const scope = pressedStopAll(request.body) ? 'all' : 'kind';
      const result = await unsubscribe(deps, token, kind, scope);
      if ((request.headers.accept ?? '').includes('text/html')) {
        // A person pressed the page's button: answer a page (a string is sent as it is, not serialised).
        const page = (reply as unknown as FastifyReply).type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').header('content-security-policy', UNSUBSCRIBE_PAGE_CSP);
        if (result === 'unknown') return page.status(404).send(unsubscribePage('Link not valid', UNSUBSCRIBE_LINK_INVALID, { more: PREFERENCES }));
        return page.send(unsubscribePage('Unsubscribed', scope === 'all' ? ALL_NOTIFICATIONS_UNSUBSCRIBED : unsubscribedText(kind), { more: PREFERENCES }));
      }
      if (result === 'unknown') throw new AppError('not_found', UNSUBSCRIBE_LINK_INVALID);
      return { detail: scope === 'all' ? ALL_NOTIFICATIONS_UNSUBSCRIBED : unsubscribedText(kind) };
    },
  );
};

/** The page's "Stop all" button: its form, and never an RFC 8058 one-click body. */
function pressedStopAll(body: unknown): boolean {
  const form = body && typeof body === 'object' && typeof (body as { form?: unknown }).form === 'string' ? new URLSearchParams((body as { form: string }).form) : null;
  return !!form && form.get('confirm') === '1' && form.get('scope') === 'all' && !form.has('List-Unsubscribe');
}
