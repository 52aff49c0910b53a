// The header's place label (SPEC.md 9: 'in {city}, {state}' or 'Near You').

/** 'in Detroit, MI' when the city and state are known, otherwise 'Near You'. */
export function locationLabel(place: { city?: string | null; state?: string | null } | null | undefined): string {
  const city = place?.city?.trim();
  const state = place?.state?.trim().toUpperCase();
  return city && state ? `in ${city}, ${state}` : 'Near You';
}

/** 'Detroit, MI' (the place alone, for inputs and dialog titles), or '' when unknown. */
export function placeText(place: { city?: string | null; state?: string | null } | null | undefined): string {
  const city = place?.city?.trim();
  const state = place?.state?.trim().toUpperCase();
  return city && state ? `${city}, ${state}` : '';
}
