import { describe, expect, it } from 'vitest';
import { payeeDetails, payeeName } from './review-details';

describe('payeeDetails', () => {
  it.each([
    [
      'wire',
      { iban: 'ES9121000418450200051332', swift: 'CAIXESBBXXX' },
      [
        ['iban', 'ES91 2100 0418 4502 0005 1332'],
        ['swift', 'CAIXESBBXXX'],
      ],
    ],
    [
      'wire',
      { accountNumber: '31926819', sortCode: '601613', bankName: 'NatWest' },
      [
        ['accountNumber', '3192 6819'],
        ['sortCode', '601613'],
        ['bankName', 'NatWest'],
      ],
    ],
    ['oct', { cardNumber: '4111 1111 1111 1111' }, [['cardNumber', '•••• 1111']]],
    [
      'interac',
      { email: 'ana@example.ca', securityAnswer: 'secret' },
      [['email', 'ana@example.ca']],
    ],
    ['instant_payment', { instantKey: '+5511999999999' }, [['instantKey', '+5511999999999']]],
  ] as const)('shows what a %s pays to, never a security answer', (type, request, expected) => {
    expect(payeeDetails(type, request).map((row) => [row.id, row.value])).toEqual(expected);
  });

  it('labels each detail with the form field it came from', () => {
    expect(payeeDetails('eft', { accountNumber: '1234567' })[0]?.labelKey).toBe(
      'externalTransfer.fields.accountNumber',
    );
  });
});

describe('payeeName', () => {
  it('is the beneficiary, or the cardholder of a card payout', () => {
    expect(payeeName({ beneficiaryName: ' Lucía Fernández ' })).toBe('Lucía Fernández');
    expect(payeeName({ cardholderName: 'Ana Pop' })).toBe('Ana Pop');
    expect(payeeName({})).toBe('');
  });
});
