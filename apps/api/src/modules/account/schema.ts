import { z } from 'zod';
import { PREFERENCE_FLAGS, type PreferenceFlag } from '@market/domain/validation/profile';

const flag = z.union([z.literal(0), z.literal(1)]);

/** SPEC.md 3 Preferences: the seven 0/1 flags. */
export const PreferencesOut = z.object(Object.fromEntries(PREFERENCE_FLAGS.map((name) => [name, flag])) as Record<PreferenceFlag, typeof flag>);
export type PreferencesOut = z.infer<typeof PreferencesOut>;
