// My Interests: the seven preference flags of SPEC.md 3 (GET/PUT /api/user/preferences/).
import type { PreferenceFlag, PreferencesUpdate } from '@market/domain/validation/profile';
import type { AppDeps } from '../../context.ts';
import { findPreferences, upsertPreferences, type PreferenceColumns } from './repository.ts';
import type { PreferencesOut } from './schema.ts';

/** API flag name -> column (property) name. */
const COLUMNS: Record<PreferenceFlag, keyof PreferenceColumns> = {
  food_dining_preference: 'foodDining',
  home_services_preference: 'homeServices',
  health_beauty_preference: 'healthBeauty',
  auto_transportation_preference: 'autoTransportation',
  travel_entertainment_preference: 'travelEntertainment',
  retail_fashion_preference: 'retailFashion',
  special_services_preference: 'specialServices',
};

function toFlags(row: Partial<PreferenceColumns> | null): PreferencesOut {
  return Object.fromEntries(Object.entries(COLUMNS).map(([flag, column]) => [flag, row?.[column] ? 1 : 0])) as PreferencesOut;
}

/** A member's flags; all 0 until they are first saved. */
export async function getPreferences(deps: Pick<AppDeps, 'db'>, userId: number): Promise<PreferencesOut> {
  return toFlags(await findPreferences(deps.db.db, userId));
}

/** Saves the flags that were sent and answers all seven. */
export async function updatePreferences(deps: Pick<AppDeps, 'db'>, userId: number, input: PreferencesUpdate): Promise<PreferencesOut> {
  const values: Partial<PreferenceColumns> = {};
  for (const [flag, column] of Object.entries(COLUMNS) as Array<[PreferenceFlag, keyof PreferenceColumns]>) {
    const value = input[flag];
    if (value !== undefined) values[column] = value === 1;
  }
  if (!Object.keys(values).length) return getPreferences(deps, userId);
  return toFlags(await upsertPreferences(deps.db.db, userId, values));
}
