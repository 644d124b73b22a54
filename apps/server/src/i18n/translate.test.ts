import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ledgerline/domain/languages';
import { NAMESPACES, keysOf, t } from './translate';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the server’s texts (i18n/<lang>/<namespace>.json)', () => {
  it('has the namespaces of every e-mail, SMS, PDF and notice', () => {
    expect(NAMESPACES).toEqual([
      'account-letter',
      'agreement',
      'business-approvals',
      'card-secrets',
      'company-users',
      'compliance',
      'documents',
      'exports',
      'external-transfers',
      'funding',
      'global-pay',
      'history-documents',
      'incoming-transfer',
      'invoices',
      'mass-batches',
      'merchant-trust',
      'preapproved',
      'profile',
      'registration',
      'security',
      'transfer-approval',
    ]);
  });

  it.each(NAMESPACES)(
    'has every key of %s in all six languages, none empty but SMS subjects',
    (ns) => {
      const english = keysOf('en', ns).sort();
      expect(english.length).toBeGreaterThan(0);
      for (const lang of LANGUAGES) {
        expect(keysOf(lang, ns).sort(), `${lang}/${ns}.json`).toEqual(english);
        for (const key of english) {
          const text = t(lang, `${ns}:${key}`);
          // An SMS has no subject; everything else has words.
          if (!key.endsWith('.subject') || t('en', `${ns}:${key}`) !== '')
            expect(text.trim(), `${lang} ${ns}:${key}`).not.toBe('');
          // The same placeholders in every language, so a value given is never silently dropped.
          expect(placeholders(text), `${lang} ${ns}:${key}`).toEqual(
            placeholders(t('en', `${ns}:${key}`)),
          );
        }
      }
    },
  );

  it('fills placeholders as plain text and leaves a value not given as written', () => {
    expect(
      t('en', 'transfer-approval:smsCode', {
        code: '042137',
        brand: 'Pebble Wallet',
        amount: '€1,250.00',
        payee: 'Berg & <Söhne>',
        minutes: 5,
      }),
    ).toBe(
      '042137 is your Pebble Wallet code to send €1,250.00 to Berg & <Söhne>. Valid 5 min. Never share it.',
    );
    expect(t('ua', 'transfer-approval:pushTitle', { amount: '10,00 €' })).toBe(
      'Переказати 10,00 € отримувачу {payee}?',
    );
  });

  it('keeps the texts byte for byte as the message tables had them', () => {
    expect(t('ro', 'history-documents:moreLines', { count: '3' })).toBe(
      'Încă 3 mișcări se află în extrasul CSV al acestei luni.',
    );
    expect(t('ru', 'history-documents:statuses.reversed')).toBe('Сторнирована');
    expect(t('pt', 'external-transfers:extraParamValues.RENT')).toBe('Aluguel');
    expect(t('es', 'exports:email.subject', { brand: 'Pebble', file: 'a.csv' })).toBe(
      'Pebble: su archivo a.csv',
    );
    expect(t('en', 'security:twoStepSmsCode.subject')).toBe('');
    expect(
      t('en', 'account-letter:footerLicence', { entity: 'E', regulator: 'R', reference: '1' }),
    ).toBe('E is licensed by the R (reference 1).');
  });
});
