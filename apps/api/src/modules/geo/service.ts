import type { Executor } from '../../db/client.ts';
import { findAllMarkets } from './repository.ts';
import type { MarketOut } from './schema.ts';

/** The four regional offices (SPEC.md 3 Regional office, 9). */
export async function listMarkets(db: Executor): Promise<MarketOut[]> {
  const rows = await findAllMarkets(db);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    fullAdministrativeArea: m.fullAdministrativeArea,
    telephone: m.telephone,
    fax: m.fax,
    address: { street: m.street, city: m.city, state: m.state, zip: m.zip },
    contact_email: m.contactEmail,
    opening_hours: m.openingHours,
    lat: m.lat,
    lng: m.lng,
    radius: m.radiusM,
  }));
}
