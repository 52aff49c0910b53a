// Recommended offers for a member (SPEC.md 7: "recommended offers lookup (4 results, from saved
// offer ids, city, state, lat, lng)"): the server renders the place's recommendations; once the
// browser knows the member, it asks again with their saved offer ids and chosen interests.
import { RECOMMENDED_COUNT } from '@market/domain/constants';
import type { UserGeo } from '@market/domain/user-geo';
import { PREFERENCE_FLAGS, type PreferenceFlag } from '@market/domain/recommendations';
import type { OfferListItem } from '../api/api-types.ts';
import { callApi } from '../api/member-api.ts';
import { useSaved } from './saved.tsx';
import { useLoad } from '../ui/use-load.ts';
import { useSession } from './session.tsx';

export function useMemberRecommendations(initial: OfferListItem[], geo: UserGeo): OfferListItem[] {
  const saves = useSaved();
  const session = useSession();
  const memberId = session.auth ? session.auth.id : null;
  const savedIds = saves.saved
    ? [...saves.saved.offers.active, ...saves.saved.cars.active].map((o) => o.entitiable_id).slice(0, 100).join(',')
    : null;
  const asked = useLoad(memberId === null || savedIds === null ? null : ['recommendations', memberId, savedIds, initial, geo.city, geo.state, geo.lat, geo.lng], async () => {
    try {
      const flags = await callApi<Record<PreferenceFlag, number>>('/api/user/preferences/').catch(() => null);
      const preferences = flags ? PREFERENCE_FLAGS.filter((f) => flags[f] === 1).join(',') : '';
      const params = new URLSearchParams({ limit: String(RECOMMENDED_COUNT) });
      if (savedIds) params.set('offer_ids', savedIds);
      if (preferences) params.set('preferences', preferences);
      if (geo.city) params.set('city', geo.city);
      if (geo.state) params.set('state', geo.state);
      if (geo.lat !== null && geo.lat !== undefined) params.set('lat', String(geo.lat));
      if (geo.lng !== null && geo.lng !== undefined) params.set('lng', String(geo.lng));
      const list = await callApi<OfferListItem[]>(`/api/recommendations/?${params.toString()}`, { auth: 'none' });
      return Array.isArray(list) && list.length ? list.slice(0, RECOMMENDED_COUNT) : null;
    } catch (error) {
      console.warn('Recommendations could not be loaded', error);
      return null;
    }
  });
  // The place's recommendations until the member's own arrive (and when there are none).
  return asked.data ?? initial;
}
