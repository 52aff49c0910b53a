// The "Valid right now" switch of the browse and search pages (docs/api.md "Valid right now"):
// `now=1` in the page URL, the API's `valid_now=true`. Absent or empty: off.

export const VALID_NOW_PARAM = 'now';

export type ValidNowChoiceError = { field: typeof VALID_NOW_PARAM; message: string };

/** Whether a page's query asks for offers valid right now; anything but 1 or 0 is an error naming the field. */
export function validNowChoice(params: URLSearchParams): boolean | ValidNowChoiceError {
  const raw = params.get(VALID_NOW_PARAM)?.trim() ?? '';
  if (raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  return { field: VALID_NOW_PARAM, message: 'Use 1 (valid right now) or leave it out.' };
}
