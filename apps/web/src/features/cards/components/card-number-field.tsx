import { Badge, Group, Loader, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BinInfo } from '@ledgerline/contract';
import { binFromCardNumber } from '@ledgerline/domain/cards';
import { intlLocale, useLanguage } from '@/i18n';
import { useBinInfo } from '../api/get-bin-info';
import { brandName } from '../card-format';
import { readableBadgeStyle } from '@/ui/status-badge';

/** The longest card number (ISO/IEC 7812): 19 digits. */
const MAX_DIGITS = 19;

/** Digits only, at most 19, in groups of four as printed on the card. */
export function formatCardNumberInput(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Where the caret goes after formatting: just after the same count of digits as before it. */
function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted.charAt(index))) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}

function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** What the BIN says about the card, as short facts: scheme, issuer, country, debit/credit, prepaid. */
function BinFacts({ info }: { info: BinInfo }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (!info.valid) {
    return (
      <Text size="sm" c="dimmed">
        {t('cards.bin.unknown')}
      </Text>
    );
  }
  const facts = [
    brandName(info.cardBrand),
    info.issuer,
    countryName(info.countryCode, intlLocale(language)),
    info.cardType ? t(`cards.bin.${info.cardType}`) : null,
    info.isPrepaid ? t('cards.bin.prepaid') : null,
    info.isCommercial ? t('cards.bin.commercial') : null,
  ].filter((fact): fact is string => !!fact);
  return (
    <Group gap={6}>
      <Text size="sm" c="dimmed">
        {t('cards.bin.title')}
      </Text>
      {facts.map((fact) => (
        <Badge
          key={fact}
          variant="light"
          color="gray"
          style={readableBadgeStyle('gray')}
          tt="none"
          fw={500}
          radius="sm"
        >
          {fact}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The card number as typed: digits in groups of four; once six digits exist, what their BIN says
 * (looked up once per BIN — typing the rest of the number asks nothing; spec 2 §5).
 */
export function CardNumberField({
  value,
  onChange,
  onBlur,
  error,
  name,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  name?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const bin = binFromCardNumber(value);
  const lookup = useBinInfo(bin);

  // Put the caret back where the person was typing after the value was regrouped.
  useLayoutEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current)
      return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const digitsBefore = raw
      .slice(0, event.currentTarget.selectionStart ?? raw.length)
      .replace(/\D/g, '').length;
    const formatted = formatCardNumberInput(raw);
    caret.current = caretAfterDigits(formatted, Math.min(digitsBefore, MAX_DIGITS));
    onChange(formatted);
  };

  return (
    <div>
      <TextInput
        ref={input}
        name={name}
        label={t('cards.addCard.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        value={value}
        onChange={handleChange}
        onBlur={onBlur}
        error={error}
        size="md"
      />
      <div role="status" aria-live="polite">
        {bin !== null && lookup.isFetching && (
          <Group gap={6} mt={6} c="dimmed">
            <Loader size={12} aria-hidden="true" />
            <Text size="sm">{t('cards.bin.checking')}</Text>
          </Group>
        )}
        {bin !== null && !lookup.isFetching && lookup.data && (
          <div style={{ marginTop: 6 }}>
            <BinFacts info={lookup.data} />
          </div>
        )}
        {bin !== null && !lookup.isFetching && lookup.isError && (
          <Text size="sm" c="dimmed" mt={6}>
            {t('cards.bin.failed')}
          </Text>
        )}
      </div>
    </div>
  );
}
