// The home page's recommended offers once a member is signed in: asked again with their saved
// offers and chosen interests (SPEC.md 7). Its own module, so the home page of a visitor who is
// not signed in never loads the lookup (first-load JS, docs/performance.md).
import type { ReactNode } from 'react';
import type { UserGeo } from '@market/domain/user-geo';
import type { OfferListItem } from '../lib/api/api-types.ts';
import { useMemberRecommendations } from '../lib/member/member-recommendations.ts';

export function MemberRecommended({ initial, geo, children }: { initial: OfferListItem[]; geo: UserGeo; children: (offers: OfferListItem[]) => ReactNode }) {
  return children(useMemberRecommendations(initial, geo));
}
