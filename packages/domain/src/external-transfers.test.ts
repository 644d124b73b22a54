import { describe, expect, it } from 'vitest';
import {
  externalPermissionFlag,
  isAbaRoutingNumberValid,
  isCnpjValid,
  isCpfValid,
  isInstantKeyValid,
  isInteracAnswerValid,
  isSchemeCountry,
  isWalletAddressValid,
  needsBankAndBranchCode,
} from './external-transfers';

describe('needsBankAndBranchCode', () => {
  it.each([
    ['BR', true],
    ['JP', true],
    ['HK', true],
    ['LK', true],
    ['jp', true],
    ['DE', false],
    ['US', false],
    ['GB', false],
    ['CA', false],
    ['IN', false],
  ])('%s → %s', (country, needed) => {
    expect(needsBankAndBranchCode(country)).toBe(needed);
  });
});

describe('payment schemes', () => {
  it('SEPA reaches the EU, the EEA and the associated countries, ACH only the US and Faster Payments only GB', () => {
    for (const country of ['DE', 'FR', 'RO', 'NO', 'IS', 'CH', 'GB', 'MC', 'SM', 'AD', 'VA'])
      expect(isSchemeCountry('sepa', country)).toBe(true);
    for (const country of ['US', 'JP', 'BR', 'UA', 'TR'])
      expect(isSchemeCountry('sepa', country)).toBe(false);
    expect(isSchemeCountry('ach', 'US')).toBe(true);
    expect(isSchemeCountry('ach', 'CA')).toBe(false);
    expect(isSchemeCountry('fasterPayments', 'GB')).toBe(true);
    expect(isSchemeCountry('fasterPayments', 'IE')).toBe(false);
    expect(isSchemeCountry('swift', 'JP')).toBe(true);
  });

  it.each([
    ['021000089', true], // Citibank NA
    ['026009593', true], // Bank of America
    ['021000088', false],
    ['12345678', false],
    ['02100008a', false],
  ])('ABA routing number %s is %s', (value, valid) => {
    expect(isAbaRoutingNumberValid(value)).toBe(valid);
  });
});

describe('beneficiary formats', () => {
  it.each([
    ['bitcoin', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['bitcoin', '0x52908400098527886E0F7030069857D2E4169EE7', false],
    ['ethereum', '0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['ethereum', '0x52908400098527886E0F7030069857D2E4169EE', false],
    ['tron', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', true],
    ['tron', 'XLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', false],
  ] as const)('%s wallet %s is %s', (network, address, valid) => {
    expect(isWalletAddressValid(network, address)).toBe(valid);
  });

  it('checks CPF and CNPJ check digits', () => {
    expect(isCpfValid('529.982.247-25')).toBe(true);
    expect(isCpfValid('52998224726')).toBe(false);
    expect(isCpfValid('11111111111')).toBe(false);
    expect(isCnpjValid('11.222.333/0001-81')).toBe(true);
    expect(isCnpjValid('11222333000182')).toBe(false);
  });

  it.each([
    ['email', 'ana@exemplo.com.br', true],
    ['email', 'ana@', false],
    ['phone', '+5511987654321', true],
    ['phone', '11987654321', false],
    ['taxId', '52998224725', true],
    ['taxId', '11222333000181', true],
    ['taxId', '12345678901', false],
    ['random', '123e4567-e89b-12d3-a456-426614174000', true],
    ['random', 'not-a-key', false],
  ] as const)('instant key %s %s is %s', (type, key, valid) => {
    expect(isInstantKeyValid(type, key)).toBe(valid);
  });

  it.each([
    ['maple', true],
    ['ab', false],
    ['two words', false],
    ['x'.repeat(25), true],
    ['x'.repeat(26), false],
  ])('Interac answer %j is %s', (answer, valid) => {
    expect(isInteracAnswerValid(answer)).toBe(valid);
  });
});

describe('externalPermissionFlag', () => {
  it.each([
    ['wire', false, 'otherPerson.wire'],
    ['wire', true, 'ownAccount.wire'],
    ['oct', false, 'otherPerson.oct'],
    ['crypto_eft', false, 'otherPerson.digital'],
    ['instant_payment', true, 'ownAccount.instant'],
    ['interac', false, 'otherPerson.interac'],
  ] as const)('%s to own account %s needs %s', (type, own, flag) => {
    expect(externalPermissionFlag(type, own)).toBe(flag);
  });
});
