import { Alert, Button, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { formatRate } from '@ledgerline/domain/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale, translateErrorMessage, useLanguage } from '@/i18n';
import { AlertIcon } from '@/ui/icons';
import { useDefaultExchangeRates } from '../api/get-exchange-rates';
import classes from './home.module.css';

function formatDate(value: string, locale: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** Currencies most customers compare with, shown after their own. */
const MAJOR_CURRENCIES = ['USD', 'GBP', 'CHF', 'EUR'];
/** How many rates the panel shows before "show all". */
const SHORT_LIST = 6;

/**
 * The default (EUR-based) reference rates, with their date: the customer's own currencies and a
 * few major ones first, the rest one click away.
 */
export function ExchangeRatesPanel({ currencies }: { currencies: readonly string[] }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const locale = intlLocale(language);
  const rates = useDefaultExchangeRates({ enabled: true });
  const [showAll, setShowAll] = useState(false);
  const all = rates.data?.rates ?? [];
  const wanted = [...new Set([...currencies, ...MAJOR_CURRENCIES])];
  const short = wanted
    .map((code) => all.find((rate) => rate.currencyCode === code))
    .filter((rate) => rate !== undefined)
    .slice(0, SHORT_LIST);
  const shown = showAll || short.length === 0 ? all : short;

  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.section}
      component="section"
      aria-labelledby="rates-title"
    >
      <Stack gap="xs">
        <Title order={2} fz="md" id="rates-title">
          {t('home.rates.title')}
        </Title>
        {rates.isPending && (
          <Stack gap={8} aria-busy="true">
            <VisuallyHidden role="status">{t('home.rates.loading')}</VisuallyHidden>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={14} radius="sm" />
            ))}
          </Stack>
        )}
        {rates.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<AlertIcon />}
            title={t('home.rates.loadFailed')}
          >
            {translateErrorMessage(t, rates.error)}
          </Alert>
        )}
        {rates.isSuccess && rates.data.rates.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('home.rates.none')}
          </Text>
        )}
        {rates.isSuccess && rates.data.rates.length > 0 && (
          <>
            <Text size="xs" c="dimmed">
              {t('home.rates.caption', {
                base: rates.data.base,
                date: formatDate(rates.data.date, locale),
              })}
            </Text>
            <table className={classes.rates}>
              <caption>
                <VisuallyHidden>
                  {t('home.rates.tableCaption', { base: rates.data.base })}
                </VisuallyHidden>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('home.rates.currency')}</th>
                  <th scope="col" style={{ textAlign: 'right' }}>
                    {t('home.rates.rate', { base: rates.data.base })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((rate) => (
                  <tr key={rate.currencyCode}>
                    <th scope="row">{rate.currencyCode}</th>
                    <td>{formatRate(rate.rate, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {shown.length < all.length && (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setShowAll(true)}
                w="fit-content"
              >
                {t('home.rates.showAll', { count: all.length })}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
