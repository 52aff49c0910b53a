import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { contestApplicationSchema, contestEntryFormSchema, sweepstakesSchema } from './contests.ts';
import {
  autoLeadSchema,
  businessLeadSchema,
  contractorApplicationSchema,
  magazineLeadSchema,
  mailRemovalSchema,
  newsletterSchema,
  suggestMerchantSchema,
} from './leads.ts';
import { parseUsPhone } from './phone.ts';

/** field -> messages, as the API answers them. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || 'detail'] ??= []).push(issue.message);
  return out;
}

describe('phone (SPEC.md 5 Phone, 9)', () => {
  it('parses US numbers as typed and answers +1 E.164', () => {
    for (const text of ['(248) 555-0100', '248.555.0100', '248-555-0100', '+1 248 555 0100', '1 (248) 555-0100', ' 2485550100 ']) {
      expect(parseUsPhone(text), text).toEqual({ ok: true, e164: '+12485550100' });
    }
  });

  it("says 'Phone number not recognized' for invalid or foreign numbers", () => {
    for (const text of ['abcdefghijkl', '(000) 000-0000', '+44 20 7946 0958', '248-555-01001']) {
      expect(parseUsPhone(text), text).toEqual({ ok: false, message: 'Phone number not recognized' });
    }
  });

  it('rejects text over 250 characters, under 10 characters and national numbers over 17 digits', () => {
    expect(parseUsPhone('2'.repeat(251))).toEqual({ ok: false, message: 'Phone number is too long.' });
    expect(parseUsPhone('1234567890123456789012')).toEqual({ ok: false, message: 'Phone number is too long.' });
    expect(parseUsPhone('555-0100')).toEqual({ ok: false, message: 'Phone number is too short.' });
  });
});

describe('auto lead (SPEC.md 5 Lease/test-drive)', () => {
  const valid = { offer_id: 12, offer_type: 'lease', first_name: 'Ann', last_name: 'Lee', email: 'Ann@Example.com', phone: '(248) 555-0100', zip: '48075' };

  it('normalises a complete lead', () => {
    expect(autoLeadSchema.parse(valid)).toEqual({ ...valid, email: 'ann@example.com', phone: '+12485550100' });
  });

  it("answers 'This is required' for every missing field", () => {
    expect(errors(autoLeadSchema, {})).toEqual({
      offer_id: ['This is required'],
      offer_type: ['This is required'],
      first_name: ['This is required'],
      last_name: ['This is required'],
      email: ['This is required'],
      phone: ['This is required'],
      zip: ['This is required'],
    });
  });

  it('accepts the lease form names (firstName, lastName, type) and test-drive', () => {
    const out = autoLeadSchema.parse({ offerId: '12', type: 'Test-Drive', firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', phone: '2485550100', zip: 48075 });
    expect(out).toMatchObject({ offer_id: 12, offer_type: 'test-drive', first_name: 'Ann', last_name: 'Lee', zip: '48075' });
  });

  it('checks the phone, the zip and the type', () => {
    expect(errors(autoLeadSchema, { ...valid, phone: '+44 20 7946 0958', zip: '4807', offer_type: 'buy' })).toEqual({
      phone: ['Phone number not recognized'],
      zip: ['Enter a 5-digit zip code.'],
      offer_type: ['Choose lease or test-drive.'],
    });
  });
});

describe('suggest merchant, newsletter, mailing removal', () => {
  it('wants name, city and one of the four sold states', () => {
    expect(suggestMerchantSchema.parse({ name: ' Joe’s Pizza ', city: 'Troy', state: 'mi' })).toEqual({ name: 'Joe’s Pizza', city: 'Troy', state: 'MI', kind: 'location' });
    expect(errors(suggestMerchantSchema, { name: '', city: ' ', state: 'OH' })).toEqual({
      name: ['This is required'],
      city: ['This is required'],
      state: ['Choose Michigan, Illinois, Minnesota or Florida.'],
    });
    expect(errors(suggestMerchantSchema, { name: 'x', city: 'y', state: 'Other' })).toEqual({ state: ['Choose Michigan, Illinois, Minnesota or Florida.'] });
    expect(suggestMerchantSchema.parse({ name: 'x', city: 'y', state: 'FL', kind: 'contractor' }).kind).toBe('contractor');
  });

  it('newsletter: an e-mail and the tracking id', () => {
    expect(newsletterSchema.parse({ email: ' A@B.CO ', tracking_id: 'abc_1' })).toEqual({ email: 'a@b.co', tracking_id: 'abc_1' });
    expect(newsletterSchema.parse({ email: 'a@b.co', tracking_id: '' })).toEqual({ email: 'a@b.co' });
    expect(errors(newsletterSchema, {})).toEqual({ email: ['This is required'] });
    expect(errors(newsletterSchema, { email: 'not-an-email' })).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('mailing removal: the apartment/unit may be empty, the other four fields are required', () => {
    const address = { streetAddress: '1 Main St', city: 'Troy', state: 'MI', zipCode: '48083' };
    expect(mailRemovalSchema.parse({ ...address, aptOrUnitNumber: '' })).toEqual(address);
    expect(mailRemovalSchema.parse({ ...address, aptOrUnitNumber: ' ' })).toEqual(address);
    expect(mailRemovalSchema.parse(address)).toEqual(address);
    expect(errors(mailRemovalSchema, {})).toEqual({
      streetAddress: ['This is required'],
      city: ['This is required'],
      state: ['This is required'],
      zipCode: ['This is required'],
    });
    expect(mailRemovalSchema.parse({ streetAddress: '1 Main St', aptOrUnitNumber: 'Apt 2', city: 'Troy', state: 'oh', zipCode: '43001' })).toEqual({
      streetAddress: '1 Main St',
      aptOrUnitNumber: 'Apt 2',
      city: 'Troy',
      state: 'OH',
      zipCode: '43001',
    });
    expect(errors(mailRemovalSchema, { streetAddress: '1 Main St', aptOrUnitNumber: 'Apt 2', city: 'Troy', state: 'XX', zipCode: '1' })).toEqual({
      state: ['Choose a US state.'],
      zipCode: ['Enter a 5-digit zip code.'],
    });
  });
});

describe('magazine lead, business lead', () => {
  it('magazine lead: name, e-mail and mailing address, optional phone', () => {
    const out = magazineLeadSchema.parse({ firstName: 'Ann', lastName: 'Lee', email: 'a@b.co', streetAddress: '1 Main St', city: 'Troy', state: 'MI', zipCode: '48083', phone: '', tracking_id: 'x|y' });
    expect(out).toEqual({ first_name: 'Ann', last_name: 'Lee', email: 'a@b.co', address: '1 Main St', city: 'Troy', state: 'MI', zip: '48083', tracking_id: 'x|y' });
    expect(Object.keys(errors(magazineLeadSchema, {}))).toEqual(['first_name', 'last_name', 'email', 'address', 'city', 'state', 'zip']);
  });

  it('business lead: contact, phone, state and interests (list, comma text or checkboxes)', () => {
    const base = { business_name: 'Zq Pizza', first_name: 'Ann', last_name: 'Lee', email: 'a@b.co', phone: '312 555 0110', city: 'Chicago', state: 'IL' };
    expect(businessLeadSchema.parse({ ...base, interests: ['digital', 'print', 'print'] })).toEqual({ ...base, phone: '+13125550110', interests: ['print', 'digital'] });
    expect(businessLeadSchema.parse({ ...base, interests: 'Home Pros, digital' }).interests).toEqual(['digital', 'home-pros']);
    expect(businessLeadSchema.parse({ ...base, interest_home_pros: 'on', interest_print: '' }).interests).toEqual(['home-pros']);
    expect(businessLeadSchema.parse({ ...base, interests: ['print'], website: 'zqpizza.com' }).website).toBe('https://zqpizza.com');
    expect(errors(businessLeadSchema, { ...base, interests: [] })).toEqual({ interests: ['This is required'] });
    expect(errors(businessLeadSchema, { ...base, interests: ['radio'] })).toEqual({ 'interests.0': ['Choose print, digital or home pros.'] });
    expect(Object.keys(errors(businessLeadSchema, {}))).toEqual(['business_name', 'first_name', 'last_name', 'email', 'phone', 'city', 'state', 'interests']);
  });
});

describe('contractor application (SPEC.md 3)', () => {
  const valid = {
    company_name: 'Zq Roofing',
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@zqroofing.com',
    phone: '(612) 555-0120',
    city: 'Minneapolis',
    state: 'MN',
    zip: '55402',
    years_in_business: '12',
    licensed: 'yes',
    insured: 'Yes',
    bonded: 'no',
    workers_comp: 'no',
  };

  it("turns 'yes'/'no' into 1/0 and folds slug_* boxes into project_slugs", () => {
    const out = contractorApplicationSchema.parse({ ...valid, slug_roofing: 'on', slug_kitchen_bath: 'true', 'slug_windows': '', slug_gutters: false });
    expect(out).toEqual({ ...valid, phone: '+16125550120', years_in_business: 12, licensed: 1, insured: 1, bonded: 0, workers_comp: 0, project_slugs: ['roofing', 'kitchen-bath'] });
    expect(out).not.toHaveProperty('slug_roofing');
  });

  it('keeps a project_slugs list sent as such and merges ticked boxes', () => {
    expect(contractorApplicationSchema.parse({ ...valid, project_slugs: ['outdoors'], slug_roofing: 1 }).project_slugs).toEqual(['outdoors', 'roofing']);
  });

  it('wants at least one project and real yes/no answers', () => {
    expect(errors(contractorApplicationSchema, { ...valid, licensed: 'maybe' })).toEqual({ licensed: ['Answer yes or no.'], project_slugs: ['Choose at least one kind of project.'] });
    expect(errors(contractorApplicationSchema, { ...valid, slug_roofing: 'on', project_slugs: ['<script>'] })).toEqual({ 'project_slugs.0': ['Choose at least one kind of project.'] });
  });
});

describe('contest entry and sweepstakes claim (SPEC.md 5)', () => {
  it('contest application: the contest id, or the entity id', () => {
    expect(contestApplicationSchema.parse({ contest: '7' })).toEqual({ contest: 7 });
    expect(contestApplicationSchema.parse({ entity_id: 9 })).toEqual({ entity_id: 9 });
    expect(errors(contestApplicationSchema, {})).toEqual({ contest: ['This is required'] });
    expect(errors(contestApplicationSchema, { contest: 'abc' })).toEqual({ contest: ['Enter a valid id.'] });
    expect(errors(contestApplicationSchema, [])).toEqual({ detail: ['Send the form fields as a JSON object.'] });
  });

  it('the rules box must be ticked', () => {
    expect(contestEntryFormSchema.parse({ rules: 'on' })).toEqual({ rules: true });
    expect(errors(contestEntryFormSchema, {})).toEqual({ rules: ['You must agree to the contest rules.'] });
    expect(errors(contestEntryFormSchema, { rules: false })).toEqual({ rules: ['You must agree to the contest rules.'] });
  });

  const claim = { firstname: 'Ann', lastname: 'Lee', email: 'a@b.co', magazinenum: '123456, 654321', address1: '1 Main St', address2: 'Apt 2', city: 'Troy', state: 'MI', zip: '48083', randomnum: 42, entity_id: '5' };

  it('sweepstakes: every field of the claim form but Address 2 is required, the zip exactly 5', () => {
    expect(sweepstakesSchema.parse(claim)).toEqual({ ...claim, magazinenum: ['123456', '654321'], randomnum: '42', entity_id: 5 });
    const { address2: _address2, ...parsed } = { ...claim, magazinenum: ['123456', '654321'], randomnum: '42', entity_id: 5 };
    expect(sweepstakesSchema.parse({ ...claim, address2: '' })).toEqual(parsed);
    expect(errors(sweepstakesSchema, {})).toEqual({
      firstname: ['This is required'],
      lastname: ['This is required'],
      email: ['This is required'],
      magazinenum: ['This is required'],
      address1: ['This is required'],
      city: ['This is required'],
      state: ['This is required'],
      zip: ['This is required'],
      entity_id: ['This is required'],
    });
    expect(errors(sweepstakesSchema, { ...claim, zip: '480831', magazinenum: 'abc' })).toEqual({ zip: ['Enter a 5-digit zip code.'], magazinenum: ['Enter the numbers printed in your magazine.'] });
  });
});

describe('parsing is idempotent: the web sends parsed data, the API parses it again', () => {
  const cases: Array<[string, z.ZodType, unknown]> = [
    ['autolead', autoLeadSchema, { offerId: '12', type: 'Test Drive', firstName: 'Ann', lastName: 'Lee', email: 'A@B.co', phone: '(248) 555-0100', zip: 48075 }],
    ['suggestmerchant', suggestMerchantSchema, { name: 'x', city: 'y', state: 'fl', kind: 'Contractor' }],
    ['newsletter', newsletterSchema, { email: 'A@B.co', tracking_id: 'a_b' }],
    ['mail_removal', mailRemovalSchema, { street_address: '1 Main', apt: '2', city: 'Troy', state: 'oh', zip: '43001' }],
    ['magazine_lead', magazineLeadSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', address1: '1 Main', city: 'Troy', state: 'MI', zipCode: '48083', phone: '248 555 0100' }],
    ['businesslead', businessLeadSchema, { businessName: 'Zq', firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '2485550100', city: 'Troy', state: 'MI', interest_print: 'on', website: 'zq.com' }],
    ['contractorapplication', contractorApplicationSchema, { companyName: 'Zq', firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '2485550100', city: 'Troy', state: 'MI', zip: '48083', yearsInBusiness: '4', licensed: 'Yes', insured: 'no', bonded: 'no', workers_comp: 'yes', slug_roofing: 'on' }],
    ['sweepstakes', sweepstakesSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', magazinenum: '12, 34', address1: '1', address2: '2', city: 'Troy', state: 'mi', zipcode: '48083', randomnum: 5, entity_id: '3' }],
    ['contestapplication', contestApplicationSchema, { contest: '4', entity_id: '9' }],
  ];
  for (const [name, schema, input] of cases) {
    it(name, () => {
      const once = schema.parse(input);
      expect(schema.parse(once)).toEqual(once);
    });
  }
});
