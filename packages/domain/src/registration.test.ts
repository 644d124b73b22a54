import { describe, expect, it } from 'vitest';
import { BRAND_IDS, getBrand } from './brands';
import {
  EMAIL_CHECK_STATUS,
  activationLinkPath,
  canRegisterWithEmail,
  createBusinessRegistrationFormSchema,
  createPersonalRegistrationFormSchema,
  isIndustryGroupOffered,
  missingTerms,
  newPasswordSchema,
  passwordResetCodeSchema,
  personNameSchema,
} from './registration';

describe('the new-password rule', () => {
  it.each([
    ['Harbour-42x', true],
    ['abcdefghi1', true],
    ['пароль1234', true],
    ['abcdefgh1', false],
    ['abcdefghijk', false],
    ['1234567890', false],
    ['x'.repeat(127) + '1', true],
    ['x'.repeat(128) + '1', false],
  ])('%s → %s', (password, ok) => {
    expect(newPasswordSchema.safeParse(password).success).toBe(ok);
  });

  it('answers with an i18n key', () => {
    expect(newPasswordSchema.safeParse('short').error?.issues[0]?.message).toBe(
      'validation.passwordRule',
    );
  });
});

describe('e-mail check statuses', () => {
  it('lets a free address (and the client states) register, never an existing one or an employee', () => {
    expect(canRegisterWithEmail(EMAIL_CHECK_STATUS.free)).toBe(true);
    expect(canRegisterWithEmail(EMAIL_CHECK_STATUS.checking)).toBe(true);
    expect(canRegisterWithEmail(EMAIL_CHECK_STATUS.failed)).toBe(true);
    expect(canRegisterWithEmail(EMAIL_CHECK_STATUS.exists)).toBe(false);
    expect(canRegisterWithEmail(EMAIL_CHECK_STATUS.employee)).toBe(false);
  });
});

describe('registration rules per brand', () => {
  it('asks for every term of the brand in the version offered now', () => {
    const pebble = getBrand('pebble');
    expect(
      missingTerms(
        pebble,
        pebble.terms.map((term) => term.value),
      ),
    ).toEqual([]);
    expect(missingTerms(pebble, ['privacy-policy-2025-03-01']).map((term) => term.key)).toEqual([
      'termsAndConditions',
    ]);
    expect(missingTerms(pebble, ['privacy-policy', 'terms-and-conditions'])).toHaveLength(2);
  });

  it('hides adult industries exactly where the brand says so', () => {
    for (const id of BRAND_IDS) {
      const brand = getBrand(id);
      expect(isIndustryGroupOffered(brand, 'adult')).toBe(!brand.hideAdultIndustriesInRegistration);
      expect(isIndustryGroupOffered(brand, 'mainstream')).toBe(true);
    }
  });

  it('accepts only the brand’s types in its forms', () => {
    const base = {
      firstName: 'A',
      lastName: 'B',
      countryCode: 'GB',
      email: 'a@b.example',
      password: 'Harbour-42x',
      confirmPassword: 'Harbour-42x',
      terms: { privacyPolicy: true, termsAndConditions: true },
    };
    expect(
      createPersonalRegistrationFormSchema(getBrand('pebble')).safeParse({
        ...base,
        registrationType: 'webcamModels',
      }).success,
    ).toBe(true);
    expect(
      createPersonalRegistrationFormSchema(getBrand('northmere')).safeParse({
        ...base,
        registrationType: 'webcamModels',
      }).success,
    ).toBe(false);
    const business = { ...base, businessName: 'X Ltd', industryId: '5' };
    expect(
      createBusinessRegistrationFormSchema(getBrand('thistle')).safeParse({
        ...business,
        registrationType: 'liveStreamingNetworks',
      }).success,
    ).toBe(false);
    expect(
      createBusinessRegistrationFormSchema(getBrand('northmere')).safeParse({
        ...business,
        registrationType: 'liveStreamingNetworks',
      }).success,
    ).toBe(true);
  });

  it('needs both passwords to agree and every term ticked', () => {
    const schema = createPersonalRegistrationFormSchema(getBrand('pebble'));
    const form = {
      registrationType: 'developers',
      firstName: 'A',
      lastName: 'B',
      countryCode: 'GB',
      email: 'a@b.example',
      password: 'Harbour-42x',
      confirmPassword: 'Harbour-42y',
      terms: { privacyPolicy: true, termsAndConditions: false },
    };
    const issues = schema
      .safeParse(form)
      .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['terms.termsAndConditions', 'validation.termsRequired'],
      ['confirmPassword', 'validation.passwordsDiffer'],
    ]);
    const mismatch = schema.safeParse({
      ...form,
      terms: { privacyPolicy: true, termsAndConditions: true },
    }).error?.issues[0];
    expect([mismatch?.path.join('.'), mismatch?.message]).toEqual([
      'confirmPassword',
      'validation.passwordsDiffer',
    ]);
  });
});

describe('small rules', () => {
  it('collapses whitespace in names', () => {
    expect(personNameSchema.parse('  Maria   Elena ')).toBe('Maria Elena');
    expect(personNameSchema.safeParse('   ').success).toBe(false);
  });

  it('reads a reset code with spaces, and only six digits', () => {
    expect(passwordResetCodeSchema.parse(' 482 913 ')).toBe('482913');
    expect(passwordResetCodeSchema.safeParse('48291').success).toBe(false);
    expect(passwordResetCodeSchema.safeParse('48291a').success).toBe(false);
  });

  it('builds the activation link path with the address encoded', () => {
    expect(activationLinkPath('activationBusiness', 'a+b@c.example', 'x_Y-1')).toBe(
      '/activate?action=activationBusiness&user=a%2Bb%40c.example&code=x_Y-1',
    );
  });
});
