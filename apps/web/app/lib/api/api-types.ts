// Shapes of the API answers the pages read (SPEC.md 3 and 7; ARCHITECTURE.md paths). HTML fields
// arrive here already sanitised by api.server.ts.

export interface OfferListItem {
  entitiable_id: number;
  entitiable_type: string;
  name: string;
  path: string | null;
  merchant_logo: string | null;
  merchant_name: string;
  merchant_slug: string;
  location_id: number;
  location: { address: string; city: string; state: string; zip: string };
  expires_at: string;
  latitude: number | null;
  longitude: number | null;
  is_certified: boolean;
  secondary_type: string;
  additional_offers: number;
  is_featured: boolean;
}

export interface OfferDetail {
  id: number;
  merchant_logo: string | null;
  path: string | null;
  name: string;
  slug: string;
  merchant: { slug: string; id: number; name?: string };
  description: string;
  expires_at: string;
  /** SPEC.md 4: a detail answer is active or (less than 7 days) expired. */
  expiry_status: 'active' | 'expired';
  max_prints: number;
  is_certified: boolean;
  secondary_type: string;
  code: string;
  is_featured: boolean;
  external_offer_url: string | null;
  is_active: boolean;
  /** Ended (SPEC.md 4): a detail that counts as none. */
  expired: boolean;
  merchant_id: number;
  location: { id: number; address: string; city: string; state: string; zip: string; latitude: number | null; longitude: number | null } | null;
  retailer_terms: string;
  consumer_terms: string;
  additional_offers: number;
  type: string | null;
}

export interface LocationDetail {
  id: number;
  display_name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
  phone: string | null;
  merchant_slug: string;
  merchant_name: string;
  is_certified: boolean;
  logo: { path: string | null };
  entities: OfferListItem[];
  merchant: { id: number; display: string; slug: string; is_certified: boolean; about: string; website: string | null };
  category: string | null;
  additional_offers: number;
}

export interface Contest {
  entity_id: number;
  contest: {
    id: number;
    path: string | null;
    banner: string | null;
    display_name: string;
    contest_description: string;
    contest_rules: string;
    win_save_contest_link: string | null;
    slug: string;
    merchant: { default_location_id: number | null; slug: string | null } | null;
  };
  sweepstakes_numbers: string[];
  entered: boolean;
}

export interface ContestWinner {
  first_name: string;
  /** The public list carries the last initial only (docs/decisions.md). */
  last_initial: string;
  city: string;
  state: string;
  winning: string;
  selected_at: string;
}

export interface Callout {
  image: { url: string; mime: string; alternativeText: string };
  link: string;
  target: string;
  rel: string;
  open_link_in_new_tab: boolean;
  order: number;
}

export interface SpotlightMerchant {
  id: number;
  slug: string;
  city: string;
  state: string;
  /** Plain text, stripped and cut to 175 characters (SPEC.md 5). */
  description: string;
  merchant: { display: string };
  logo: string | null;
}

export interface FilterCategory {
  slug: string;
  name: string;
  count: number;
}

export interface PlaceSuggestion {
  suggestion: string;
  id: string | number;
}

export interface ResolvedPlace {
  state: string;
  stateShort: string;
  city: string;
  lat: number;
  lng: number;
}
