// The merchant centre's locations page in and out (docs/api.md "Merchant centre: locations"):
// what a business may change of its own listing: each location's opening hours, phone and links,
// and the business's logo and photo. Address, name and pin stay LocalSaver's (the console).
import { z } from 'zod';

export { EditableLocationOut as MerchantLocationOut, MerchantListingOut } from '@market/domain/api/merchant-locations';
import { openingHoursField, storedPhoneField, versionField, websiteField } from '@market/domain/validation/console-merchants';
import { idParam } from '../../lib/query.ts';

export const LocationParams = z.object({ merchant_id: idParam, id: idParam });

/** PATCH: the fields sent change (null or blank clears one); `version` is the one you read. */
export const MerchantLocationUpdateBody = z.object(
  {
    phone: storedPhoneField.optional(),
    website_url: websiteField.optional(),
    menu_url: websiteField.optional(),
    booking_url: websiteField.optional(),
    opening_hours: openingHoursField.optional(),
    version: versionField,
  },
  { error: 'Send a JSON object.' },
);
export type MerchantLocationUpdateBody = z.output<typeof MerchantLocationUpdateBody>;

