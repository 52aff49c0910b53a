// What the business centre's offer pages share with the console's (lib/console): the same form
// values, form body and preview, fed a merchant's proposal rather than a console offer. The body
// drops what merchants do not choose (the merchant, Featured) and is checked with the merchant
// schemas of @market/domain/validation/console-offers, as the API checks it.
import type { ConsoleMerchantDetailOut } from '@market/domain/api/console-merchants';
import type { ConsoleOffer } from '@market/domain/api/console-offers';
import type { MerchantMembershipOut, MerchantOfferOut } from '@market/domain/api/merchant-centre';
import { MARKETS, type MarketId } from '@market/domain/markets';
import { merchantOfferCreateSchema, merchantOfferUpdateSchema } from '@market/domain/validation/console-offers';
import type { OfferMerchant } from '../../components/console/offer-form.tsx';
import type { OfferPreview } from '../../components/console/offer-preview.tsx';
import { checkBody, offerBody, offerValues, type FieldErrors, type FormValues } from '../console/catalogue-forms.server.ts';
import { offerPreview } from '../console/offer-page.server.ts';

/** The merchant of the form: its name and the locations a proposal may use. */
export function formMerchant(m: MerchantMembershipOut): OfferMerchant {
  return {
    id: m.id,
    name: m.name,
    locations: m.locations.map((l) => ({ id: l.id, label: `${l.display_name}: ${l.address}, ${l.city}, ${l.state} (${MARKETS[l.market_id as MarketId]?.name ?? l.market_id})` })),
  };
}

/** A proposal as the console's offer shape (what the shared form values and preview read). */
function asConsoleOffer(o: MerchantOfferOut, merchantName: string): ConsoleOffer {
  const f = o.fields;
  return {
    id: o.id,
    name: f.name,
    status: o.offer_status,
    version: o.version,
    merchant: { id: o.merchant_id, name: merchantName },
    location: o.location,
    market_id: o.location.market_id,
    category_id: f.category_id,
    starts_at: f.starts_at,
    expires_at: f.expires_at,
    is_featured: false,
    secondary_type: f.secondary_type,
    updated_at: o.updated_at,
    slug: '',
    subcategory_ids: f.subcategory_ids,
    description: f.description,
    picture_path: null,
    max_prints: f.max_prints,
    code: f.code,
    external_offer_url: f.external_offer_url,
    retailer_terms: f.retailer_terms,
    consumer_terms: f.consumer_terms,
    fine_print: f.fine_print,
    fine_print_lines: o.fine_print_lines,
    value: f.value ?? null,
    badge: o.badge,
    created_by: null,
    created_at: o.updated_at,
  };
}

/** The form's values of a proposal (with the version to send back). */
export function proposalValues(o: MerchantOfferOut, merchantName: string): FormValues {
  const { merchant_id: _merchant, is_featured: _featured, ...values } = offerValues(asConsoleOffer(o, merchantName));
  return values;
}

/** The posted form as the merchant API's body, checked as the API will check it. */
export function proposalBody(form: FormData, edit: boolean): { body: Record<string, unknown>; problems: FieldErrors } {
  const { body, fields } = offerBody(form, { edit });
  delete body.merchant_id;
  delete body.is_featured;
  const checked = checkBody(edit ? merchantOfferUpdateSchema : merchantOfferCreateSchema, body);
  return { body, problems: { ...(checked.ok ? {} : checked.fields), ...fields } };
}

/** The proposal as savers will see it: card, modal and printed coupon. */
export function proposalPreview(o: MerchantOfferOut, m: MerchantMembershipOut): OfferPreview {
  const merchant = {
    id: m.id,
    name: m.name,
    slug: m.slug,
    logo_url: null,
    certified_badge: false,
    locations: m.locations.map((l) => ({ ...l, zip: '', lat: 0, lng: 0, address2: '' })),
  } as unknown as ConsoleMerchantDetailOut;
  return { ...offerPreview(asConsoleOffer(o, m.name), merchant), couponPdf: `/business/centre/${m.id}/offers/${o.id}/preview.pdf` };
}
