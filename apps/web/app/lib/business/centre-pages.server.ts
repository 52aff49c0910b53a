// What the business centre's analytics, leads, team, tills and locations pages read of the API
// (docs/api.md "Merchant centre: analytics, leads, team, tills" and "Merchant centre: locations"):
// the answers' shapes, and the business of the page (404 when the account is not on its team or
// its role does not open the page).
import { data, type RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { MerchantMembershipList, type MerchantMembershipOut } from '@market/domain/api/merchant-centre';
import { parseId } from '@market/domain/ids';
import { centreApi } from './centre-api.server.ts';
import type { ConsoleApi } from '../console/console-api.server.ts';

import { AnalyticsOut, DeviceOut, MEASURES, MerchantLeadOut, MerchantLeadPageOut, PairedDeviceOut, TeamMemberOut, TillOut } from '@market/domain/api/merchant-insights';
import { EditableLocationOut, MerchantListingOut } from '@market/domain/api/merchant-locations';
import { MerchantInvitationOut } from '@market/domain/api/merchant-centre';

// The API's answers, by the names the pages use (one definition: @market/domain/api).
export { MEASURES };
export const AnalyticsAnswer = AnalyticsOut;
export type AnalyticsAnswer = AnalyticsOut;
export const LeadAnswer = MerchantLeadOut;
export const LeadPageAnswer = MerchantLeadPageOut;
export const TeamAnswer = z.array(TeamMemberOut);
export const InvitationsAnswer = z.array(MerchantInvitationOut);
export const DeviceAnswer = DeviceOut;
export const DevicesAnswer = z.array(DeviceOut);
export const PairedAnswer = PairedDeviceOut;
export const TillAnswer = TillOut;
export const ListingLocation = EditableLocationOut;
export type ListingLocation = EditableLocationOut;
export const ListingAnswer = MerchantListingOut;

export type CentreRole = MerchantMembershipOut['role'];

/**
 * The business of a `/business/centre/:merchantId/...` page with the API client, when the account
 * is on its team with one of `roles`; a 404 page otherwise (the API would refuse it anyway).
 */
export async function centreMerchant(context: Readonly<RouterContextProvider>, request: Request, merchantIdParam: string | undefined, roles: readonly CentreRole[]): Promise<{ api: ConsoleApi; merchant: MerchantMembershipOut }> {
  const id = parseId(merchantIdParam ?? null);
  if (!id) throw new Response(null, { status: 404 });
  const api = centreApi(context, request);
  const merchant = (await api.get('/api/merchant/', MerchantMembershipList)).find((m) => m.id === id);
  if (!merchant) throw new Response(null, { status: 404 });
  if (!roles.includes(merchant.role)) throw data({ message: 'Your role at this business does not open this page.' }, { status: 403 });
  return { api, merchant };
}

