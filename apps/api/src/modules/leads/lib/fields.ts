// The fields of each kind of lead, in the order the office mail and the CSV export show them
// (one list serves both, so the sales team reads the same thing in each).
import type { LeadKind } from '../../../db/schema/index.ts';

export interface LeadField {
  key: string;
  label: string;
}

const f = (key: string, label: string): LeadField => ({ key, label });

export const LEAD_FIELDS: Record<LeadKind, readonly LeadField[]> = {
  autolead: [
    f('offer_type', 'Request'),
    f('offer_id', 'Offer id'),
    f('offer_name', 'Offer'),
    f('merchant_name', 'Dealer'),
    f('location_id', 'Dealer location id'),
    f('first_name', 'First name'),
    f('last_name', 'Last name'),
    f('email', 'E-mail'),
    f('phone', 'Phone'),
    f('zip', 'Zip'),
  ],
  suggestmerchant: [f('kind', 'Suggested'), f('name', 'Business name'), f('city', 'City'), f('state', 'State')],
  mail_removal: [f('streetAddress', 'Street address'), f('aptOrUnitNumber', 'Apt/unit'), f('city', 'City'), f('state', 'State'), f('zipCode', 'Zip')],
  magazine_lead: [
    f('first_name', 'First name'),
    f('last_name', 'Last name'),
    f('email', 'E-mail'),
    f('phone', 'Phone'),
    f('address', 'Address'),
    f('address2', 'Address 2'),
    f('city', 'City'),
    f('state', 'State'),
    f('zip', 'Zip'),
  ],
  businesslead: [
    f('business_name', 'Business name'),
    f('first_name', 'First name'),
    f('last_name', 'Last name'),
    f('email', 'E-mail'),
    f('phone', 'Phone'),
    f('city', 'City'),
    f('state', 'State'),
    f('zip', 'Zip'),
    f('interests', 'Interested in'),
    f('website', 'Website'),
    f('message', 'Message'),
  ],
  contractorapplication: [
    f('company_name', 'Company'),
    f('first_name', 'First name'),
    f('last_name', 'Last name'),
    f('email', 'E-mail'),
    f('phone', 'Phone'),
    f('address', 'Address'),
    f('city', 'City'),
    f('state', 'State'),
    f('zip', 'Zip'),
    f('website', 'Website'),
    f('years_in_business', 'Years in business'),
    f('licensed', 'Licensed (1/0)'),
    f('insured', 'Insured (1/0)'),
    f('bonded', 'Bonded (1/0)'),
    f('workers_comp', "Workers' comp (1/0)"),
    f('project_slugs', 'Projects'),
    f('comments', 'Comments'),
  ],
};

/** What the office mail calls each kind. */
export const LEAD_TITLES: Record<LeadKind, string> = {
  autolead: 'Auto lease / test drive request',
  suggestmerchant: 'Business suggestion',
  mail_removal: 'Mailing list removal request',
  magazine_lead: 'Magazine request',
  businesslead: 'Advertising lead',
  contractorapplication: 'Contractor application',
};

/** A stored value as text: lists joined with ', ', absent as ''. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}
