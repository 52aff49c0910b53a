// A signed-in member's own answer, loaded once the form that shows it renders (profile, interests,
// e-mail preferences): a 401 sends the member to sign in again and leaves the data empty.
import type { z } from 'zod';
import { callApi } from '../api/member-api.ts';
import { useLoad, type Loaded } from '../ui/use-load.ts';
import { useSession } from './session.tsx';

/** GET `path` as the member, read with `answer`; null after an authentication failure. */
export function useMemberAnswer<S extends z.ZodType>(key: string, path: string, answer: S): Loaded<z.infer<S> | null> {
  const session = useSession();
  return useLoad([key], async () => {
    try {
      return await callApi(path, { answer });
    } catch (error) {
      if (session.handleAuthFailure(error)) return null;
      throw error;
    }
  });
}
