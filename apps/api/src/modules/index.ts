// Every API module, wired once and in plain sight: the route plugins, the mail templates the
// queue sends, and the steps account deletion runs. Each module folder holds routes.ts,
// service.ts, repository.ts and schema.ts, and lib/ for the rest.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { forgetMemberEvents } from './analytics/service.ts';
import type { AccountDeletionStep } from './auth/lib/account-deletion.ts';
import { authContext } from './auth/lib/guard.ts';
import { invitationMails } from './auth/lib/invitation-mail.ts';
import { authMails } from './auth/lib/mails.ts';
import { auditRoutes } from './audit/routes.ts';
import { staffRoutes } from './staff/routes.ts';
import { consoleDashboardRoutes } from './console-dashboard/routes.ts';
import { consoleLeadsRoutes } from './console-leads/routes.ts';
import { consoleMembersRoutes } from './console-members/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { consoleContentRoutes } from './console-content/routes.ts';
import { consoleContestsRoutes } from './console-contests/routes.ts';
import { consoleMerchantsRoutes } from './console-merchants/routes.ts';
import { consoleOfferRoutes } from './console-offers/routes.ts';
import { contentRoutes } from './content/routes.ts';
import { contestsMails } from './contests/lib/mails.ts';
import { contestsRoutes } from './contests/routes.ts';
import { unlinkContestWinner } from './contests/service.ts';
import { geoRoutes } from './geo/routes.ts';
import { leadsMails } from './leads/lib/mails.ts';
import { leadsRoutes } from './leads/routes.ts';
import { MESSAGE_MAIL, messageMail, type MailTemplates } from './mail/lib/templates.ts';
import { mailRoutes } from './mail/routes.ts';
import { mediaRoutes } from './media/routes.ts';
import { notificationMails } from './notifications/lib/mails.ts';
import { notificationsRoutes } from './notifications/routes.ts';
import { merchantInsightsRoutes } from './merchant-insights/routes.ts';
import { merchantLocationRoutes } from './merchant-locations/routes.ts';
import { merchantOfferRoutes } from './merchant-offers/routes.ts';
import { merchantPhotoRoutes } from './merchant-photos/routes.ts';
import { printsRoutes } from './prints/routes.ts';
import { redemptionCodesRoutes } from './redemption-codes/routes.ts';
import { savedRoutes } from './saved/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { walletRoutes } from './wallet/routes.ts';

/** Every kind of mail the app sends, by kind. */
export const MAIL_TEMPLATES: MailTemplates = {
  [MESSAGE_MAIL]: messageMail,
  ...authMails,
  ...invitationMails,
  ...leadsMails,
  ...contestsMails,
  ...notificationMails,
};

/**
 * What deleting an account does besides removing the member row, whose foreign keys erase the
 * personal rows (tokens, preferences, saved items, prints, entries: ON DELETE CASCADE).
 */
export const ACCOUNT_DELETION_STEPS: readonly AccountDeletionStep[] = [
  // Events stay counted without the member's id.
  forgetMemberEvents,
  // A won prize stays in the public winners list but no longer points at the account.
  unlinkContestWinner,
];

/** Registers the health check and every module's routes on the app itself. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  app.get('/api/health/', { schema: { hide: true } }, async () => ({ ok: true }));
  await app.register(authContext);
  await app.register(mailRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(notificationsRoutes);
  await app.register(savedRoutes);
  await app.register(geoRoutes);
  await app.register(catalogueRoutes);
  await app.register(searchRoutes);
  await app.register(contestsRoutes);
  await app.register(leadsRoutes);
  await app.register(contentRoutes);
  await app.register(mediaRoutes);
  await app.register(analyticsRoutes);
  await app.register(printsRoutes);
  await app.register(redemptionCodesRoutes);
  await app.register(walletRoutes);
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(consoleContestsRoutes);
  await app.register(consoleContentRoutes);
  await app.register(consoleMerchantsRoutes);
  await app.register(consoleLeadsRoutes);
  await app.register(consoleMembersRoutes);
  await app.register(consoleDashboardRoutes);
  await app.register(consoleOfferRoutes);
  await app.register(merchantInsightsRoutes);
  await app.register(merchantLocationRoutes);
  await app.register(merchantOfferRoutes);
  await app.register(merchantPhotoRoutes);
}
