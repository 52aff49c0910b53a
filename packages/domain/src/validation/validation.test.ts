import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { isOldEnough } from './fields.ts';
import { loginSchema } from './login.ts';
import { changePasswordSchema, deleteAccountSchema, passwordResetRequestSchema, passwordResetSchema, verifyUserSchema } from './password.ts';
import { preferencesUpdateSchema, profileUpdateSchema } from './profile.ts';
import { COMMON_PASSWORD_COUNT, isCommonPassword, serverChangePasswordSchema, serverPasswordResetSchema, serverRegistrationSchema } from './password-policy.ts';
import { registrationFormSchema, registrationSchema } from './registration.ts';

/** field -> messages, as the API answers them. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || 'detail'] ??= []).push(issue.message);
  return out;
}

const year = new Date().getFullYear();
const valid = {
  email: ' Ann@Example.COM ',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  first_name: 'Ann',
  last_name: 'Lee',
  state: 'MI',
  zipcode: '48075',
  terms_agree: true,
};

describe('registration (SPEC.md 5 Sign-up)', () => {
  it('accepts a complete sign-up and normalises it', () => {
    const out = registrationSchema.parse({ ...valid, idmkmdigid: '', authAgeRequirement: true, is_staff: true });
    expect(out).toEqual({
      email: 'ann@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      first_name: 'Ann',
      last_name: 'Lee',
      state: 'MI',
      zipcode: '48075',
      terms_agree: true,
      promotions_agree: false,
    });
  });

  it("answers 'This is required' for every missing required field", () => {
    expect(errors(registrationSchema, {})).toEqual({
      email: ['This is required'],
      password: ['This is required'],
      confirmPassword: ['This is required'],
      first_name: ['This is required'],
      last_name: ['This is required'],
      state: ['This is required'],
      zipcode: ['This is required'],
      terms_agree: ['This is required'],
    });
    expect(errors(registrationSchema, { ...valid, first_name: '   ', email: '' })).toEqual({ first_name: ['This is required'], email: ['This is required'] });
  });

  it('accepts the camelCase and short spellings of SPEC.md 3', () => {
    const { first_name, last_name, zipcode, terms_agree, ...rest } = valid;
    const out = registrationSchema.parse({ ...rest, firstName: first_name, lastName: last_name, zip: zipcode, authSignupTerms: terms_agree, authSignupPromotions: 'on' });
    expect(out).toMatchObject({ first_name: 'Ann', last_name: 'Lee', zipcode: '48075', terms_agree: true, promotions_agree: true });
  });

  it('wants a numeric zip of exactly 5 digits', () => {
    for (const zip of ['4807', '480755', 'abcde', '48 07']) expect(errors(registrationSchema, { ...valid, zipcode: zip })).toEqual({ zipcode: ['Enter a 5-digit zip code.'] });
    expect(registrationSchema.parse({ ...valid, zipcode: 48075 }).zipcode).toBe('48075');
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(errors(registrationSchema, { ...valid, confirmPassword: 'other' })).toEqual({ confirmPassword: ['Passwords do not match'] });
  });

  it('takes the four sold states and sends Other as MI', () => {
    expect(registrationSchema.parse({ ...valid, state: 'mn' }).state).toBe('MN');
    expect(registrationSchema.parse({ ...valid, state: 'Other' }).state).toBe('MI');
    expect(errors(registrationSchema, { ...valid, state: 'TX' })).toEqual({ state: ['Choose Michigan, Minnesota, Illinois, Florida or Other.'] });
  });

  it('keeps the birthday optional but wants an age above 13 by year difference', () => {
    expect(registrationSchema.parse({ ...valid, birthday: '' }).birthday).toBeUndefined();
    expect(registrationSchema.parse({ ...valid, birthday: `${year - 14}-12-31` }).birthday).toBe(`${year - 14}-12-31`);
    expect(registrationSchema.parse({ ...valid, birthday: `01/02/${year - 30}` }).birthday).toBe(`${year - 30}-01-02`);
    expect(errors(registrationSchema, { ...valid, birthday: `${year - 13}-01-01` })).toEqual({ birthday: ['You must be at least 13 years old'] });
    expect(errors(registrationSchema, { ...valid, birthday: `${year + 1}-01-01` })).toEqual({ birthday: ['You must be at least 13 years old'] });
    expect(errors(registrationSchema, { ...valid, birthday: '1990-02-30' })).toEqual({ birthday: ['Enter a valid date (YYYY-MM-DD or MM/DD/YYYY).'] });
    expect(isOldEnough('2000-06-01', new Date('2014-01-01T12:00:00Z'))).toBe(true);
    expect(isOldEnough('2001-06-01', new Date('2014-01-01T12:00:00Z'))).toBe(false);
  });

  it('requires the terms to be agreed to', () => {
    expect(errors(registrationSchema, { ...valid, terms_agree: false })).toEqual({ terms_agree: ['You must agree to the terms of use.'] });
    expect(errors(registrationSchema, { ...valid, terms_agree: 'maybe' })).toEqual({ terms_agree: ['Tick the box or leave it empty.'] });
    expect(registrationSchema.parse({ ...valid, terms_agree: 'on' }).terms_agree).toBe(true);
  });

  it('names the field for values of the wrong type', () => {
    expect(errors(registrationSchema, { ...valid, email: 42, first_name: ['x'] })).toEqual({ email: ['Enter text.'], first_name: ['Enter text.'] });
    expect(errors(registrationSchema, 'text')).toEqual({ detail: ['Send the form fields as a JSON object.'] });
  });

  it('lets the web form ask for the age checkbox outside the Twin Cities', () => {
    expect(errors(registrationFormSchema, valid)).toEqual({ authAgeRequirement: ['You must be at least 13 years old.'] });
    expect(errors(registrationFormSchema, { ...valid, authAgeRequirement: 'on' })).toEqual({});
  });
});

describe('login and password flows (SPEC.md 5)', () => {
  it('login needs both fields', () => {
    expect(errors(loginSchema, {})).toEqual({ email: ['This is required'], password: ['This is required'] });
    expect(loginSchema.parse({ email: ' A@B.co ', password: ' x ' })).toEqual({ email: 'a@b.co', password: ' x ' });
  });

  it("change password: 'New Passwords to not match.'", () => {
    expect(errors(changePasswordSchema, { password: 'a', new_password: 'Second choice', re_new_password: 'Third choice' })).toEqual({ re_new_password: ['New Passwords to not match.'] });
    // The current password is only required: one chosen under the old minimum of 1 still works.
    expect(errors(changePasswordSchema, { password: 'a', new_password: 'Second choice' })).toEqual({});
    expect(errors(changePasswordSchema, { password: '', new_password: '' })).toEqual({ password: ['This is required'], new_password: ['This is required'] });
  });

  it("delete account: 'Passwords do not match.'", () => {
    expect(errors(deleteAccountSchema, { password: 'a', confirm_password: 'b' })).toEqual({ re_password: ['Passwords do not match.'] });
    expect(errors(deleteAccountSchema, {})).toEqual({ password: ['This is required'] });
  });

  it('reset and verify need an id and a token', () => {
    expect(errors(passwordResetRequestSchema, { email: 'nope' })).toEqual({ email: ['Enter a valid email address.'] });
    expect(errors(passwordResetSchema, { id: 'abc', token: '', password: 'Fresh start 9' })).toEqual({ id: ['Enter a valid id.'], token: ['This is required'] });
    expect(passwordResetSchema.parse({ id: '12', token: 't', password: 'Fresh start 9' })).toEqual({ id: 12, token: 't', password: 'Fresh start 9' });
    expect(errors(verifyUserSchema, { id: 99_999_999_999, token: 't' })).toEqual({ id: ['Enter a valid id.'] });
  });
});

describe('new passwords: OWASP ASVS 5.0 level 2, 6.2 (supersedes SPEC.md 5 minimum 1)', () => {
  const tooShort = { password: ['Use at least 8 characters.'] };

  it('refuses fewer than 8 characters on sign-up, reset and change, counting an emoji as one', () => {
    for (const password of ['a', ' ', '       ', 'Seven77', '😀😀😀😀😀😀😀']) {
      expect(errors(registrationSchema, { ...valid, password, confirmPassword: password }), JSON.stringify(password)).toEqual(tooShort);
      expect(errors(passwordResetSchema, { id: 1, token: 't', password }), JSON.stringify(password)).toEqual(tooShort);
      expect(errors(changePasswordSchema, { password: 'old', new_password: password }), JSON.stringify(password)).toEqual({ new_password: tooShort.password });
    }
    expect(errors(registrationSchema, { ...valid, password: '😀'.repeat(8), confirmPassword: '😀'.repeat(8) })).toEqual({});
  });

  it('allows 64 characters and more, any characters, with no composition rules, never trimmed', () => {
    for (const password of ['x'.repeat(64), 'y'.repeat(128), 'all lower case words', '        spaces count', 'пароль-для-купонов', '12345678901234567890']) {
      expect(errors(registrationSchema, { ...valid, password, confirmPassword: password }), password).toEqual({});
    }
    expect(registrationSchema.parse({ ...valid, password: ' padded pass ', confirmPassword: ' padded pass ' }).password).toBe(' padded pass ');
    expect(errors(registrationSchema, { ...valid, password: 'z'.repeat(257), confirmPassword: 'z'.repeat(257) })).toEqual({ password: ['Use at most 256 characters.'] });
  });

  it('the list check is server-side: 10,000+ common and breached passwords, each refused with a clear message', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
    for (const password of ['password', 'Password1', 'qwertyuiop', 'iloveyou', 'TRUSTNO1', 'baseball']) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(errors(serverRegistrationSchema, { ...valid, password, confirmPassword: password }), password).toEqual({ password: ['This password is too common. Choose one that is harder to guess.'] });
      expect(errors(serverPasswordResetSchema, { id: 1, token: 't', password })).toEqual({ password: ['This password is too common. Choose one that is harder to guess.'] });
      expect(errors(serverChangePasswordSchema, { password: 'old', new_password: password })).toEqual({ new_password: ['This password is too common. Choose one that is harder to guess.'] });
    }
    // A short one gets the length message alone.
    expect(errors(serverRegistrationSchema, { ...valid, password: 'abc123', confirmPassword: 'abc123' })).toEqual({ password: ['Use at least 8 characters.'] });
    // The shared schema the web form uses knows only the length.
    expect(errors(registrationSchema, { ...valid, password: 'password1', confirmPassword: 'password1' })).toEqual({});
    expect(isCommonPassword('correct horse')).toBe(false);
  });

  it('refuses the context words and the e-mail address (ASVS 6.2.11), beside the other fields\' messages', () => {
    const personal = { password: ['Do not use your e-mail address or the name of this site as your password.'] };
    expect(errors(serverRegistrationSchema, { ...valid, password: 'LocalSaver2024!', confirmPassword: 'LocalSaver2024!' })).toEqual(personal);
    expect(errors(serverRegistrationSchema, { ...valid, password: 'ann@example.com', confirmPassword: 'ann@example.com' })).toEqual(personal);
    expect(errors(serverRegistrationSchema, { ...valid, email: 'pat.saver@example.com', password: 'Pat.Saver', confirmPassword: 'Pat.Saver' })).toEqual(personal);
    expect(errors(serverRegistrationSchema, { ...valid, zipcode: '1', password: 'password1', confirmPassword: 'password1' })).toEqual({
      zipcode: ['Enter a 5-digit zip code.'],
      password: ['This password is too common. Choose one that is harder to guess.'],
    });
  });
});

describe('profile and preferences', () => {
  it('profile updates are partial but never blank a name', () => {
    expect(profileUpdateSchema.parse({ firstName: 'Bo' })).toEqual({ first_name: 'Bo' });
    expect(errors(profileUpdateSchema, { first_name: ' ' })).toEqual({ first_name: ['This is required'] });
    expect(profileUpdateSchema.parse({ birthday: null })).toEqual({ birthday: null });
  });

  it('preferences are 0/1 flags', () => {
    expect(preferencesUpdateSchema.parse({ food_dining_preference: true, retail_fashion_preference: '0', other: 5 })).toEqual({ food_dining_preference: 1, retail_fashion_preference: 0 });
    expect(errors(preferencesUpdateSchema, { home_services_preference: 2 })).toEqual({ home_services_preference: ['Use 1 or 0.'] });
  });
});
