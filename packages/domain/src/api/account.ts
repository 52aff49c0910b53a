// Answers of the account calls (SPEC.md 3 Preferences).
import '../validation/zod-jitless.ts';
import { z } from 'zod';
import { PREFERENCE_FLAGS, type PreferenceFlag } from '../validation/profile.ts';

const flag = z.union([z.literal(0), z.literal(1)]);

/** The seven 0/1 flags. */
export const PreferencesOut = z.object(Object.fromEntries(PREFERENCE_FLAGS.map((name) => [name, flag])) as Record<PreferenceFlag, typeof flag>);
export type PreferencesOut = z.infer<typeof PreferencesOut>;
