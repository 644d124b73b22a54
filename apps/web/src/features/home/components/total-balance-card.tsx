import { Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { LoadFailed } from '@/ui/load-failed';
import { useTotalBalance } from '../api/get-total-balance';
import { useMoneyFormat } from './accounts-list';
import classes from './home.module.css';

/** The day of the rates, as the rates panel writes it ("20 Nov 2026"). */
function useFormatDay(): (day: string) => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return (day) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );
}

/**
 * The first thing on home (issue 13): all the customer's money in the main currency, worked out on
 * the server, marked "approx." when other currencies were converted; the actions below it. While
 * it loads, placeholders of the same size hold its place (no shift when it arrives).
 */
export function TotalBalanceCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const formatDay = useFormatDay();
  const total = useTotalBalance({ enabled: true });
  const data = total.data;
  return (
    <Paper
      withBorder
      radius="lg"
      className={`${classes.section} ${classes.totalCard}`}
      component="section"
      aria-labelledby="total-title"
    >
      <Text id="total-title" size="sm" fw={600} c="dimmed">
        {t('home.total.title')}
      </Text>
      {total.isPending && (
        <div aria-busy="true">
          <VisuallyHidden role="status">{t('home.total.loading')}</VisuallyHidden>
          <Skeleton height={40} width="55%" radius="sm" my={6} />
          <Skeleton height={14} width="70%" radius="sm" />
        </div>
      )}
      {total.isError && (
        <LoadFailed
          title={t('home.total.loadFailed')}
          error={total.error}
          onRetry={() => void total.refetch()}
          retrying={total.isFetching}
        />
      )}
      {data && (
        <>
          <p className={classes.totalAmount} data-testid="total-balance">
            {data.isConverted && <span className={classes.approx}>{t('home.total.approx')} </span>}
            {money(data.total, data.currencyCode)}
          </p>
          <Text size="xs" c="dimmed" className={classes.totalNote}>
            {data.isConverted && data.rateDate
              ? t('home.total.convertedNote', {
                  currency: data.currencyCode,
                  date: formatDay(data.rateDate),
                })
              : t('home.total.note', { currency: data.currencyCode })}
            {data.excludedCurrencies.length > 0 &&
              ` ${t('home.total.excluded', { currencies: data.excludedCurrencies.join(', ') })}`}
          </Text>
        </>
      )}
      {children}
    </Paper>
  );
}
