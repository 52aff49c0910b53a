// The answer of the /forms/:kind action and the fetcher that posts to it, keyed so a form keeps
// its answer while the page re-renders (the newsletter strip needs only this on first load).
import { useFetcher } from 'react-router';

export interface FormAnswer {
  ok: boolean;
  message: string;
  /** Field name -> message, shown beside the field it belongs to. */
  fields?: Record<string, string>;
}

export type FormKind = 'suggest' | 'mailing-removal' | 'newsletter' | 'magazine-lead' | 'business-lead' | 'contractor';

/**
 * The fetcher of one form and its answer. `initial` is the answer of a post made without
 * JavaScript (the /forms/:kind page renders it); the fetcher's own answer wins once it has one.
 */
export function useLeadForm(key: string, initial?: FormAnswer | null) {
  const fetcher = useFetcher<FormAnswer>({ key });
  const answer = fetcher.data ?? initial ?? null;
  return { fetcher, answer, busy: fetcher.state !== 'idle', done: answer?.ok === true };
}
