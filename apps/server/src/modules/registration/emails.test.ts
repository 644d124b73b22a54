import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@ledgerline/domain/languages';
import { renderEmail } from './emails';

const VALUES = {
  name: 'Maria',
  brand: 'Pebble Wallet',
  link: 'https://x.example/activate?code=1',
  code: '482913',
  minutes: 5,
  hours: 24,
  support: 'support@pebble.example',
};

describe('registration and recovery e-mails', () => {
  it.each(LANGUAGES.map((lang) => [lang]))(
    'are written in %s with every placeholder filled',
    (lang) => {
      for (const kind of ['activation', 'passwordResetCode', 'passwordChanged'] as const) {
        const mail = renderEmail(kind, lang, VALUES);
        expect(mail.subject).toContain('Pebble Wallet');
        expect(`${mail.subject}\n${mail.body}`).not.toMatch(/\{\w+\}/);
      }
      expect(renderEmail('activation', lang, VALUES).body).toContain(VALUES.link);
      expect(renderEmail('passwordResetCode', lang, VALUES).body).toContain('482913');
      expect(renderEmail('passwordChanged', lang, VALUES).body).toContain('support@pebble.example');
    },
  );

  it('differs between languages', () => {
    const subjects = new Set(
      LANGUAGES.map((lang) => renderEmail('activation', lang, VALUES).subject),
    );
    expect(subjects.size).toBe(LANGUAGES.length);
  });
});
