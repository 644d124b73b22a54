import { Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { SpendingByMonth } from '@ledgerline/contract';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { intlLocale, useLanguage } from '@/i18n';
import { LoadFailed } from '@/ui/load-failed';
import { useSpendingByMonth } from '../api/get-spending';
import { useMoneyFormat } from './accounts-list';
import classes from './home.module.css';

/** A month's name in the page's language ("Jun", "June 2026"); months are UTC calendar months. */
function useMonthName(): (yearMonth: string, style: 'short' | 'long') => string {
  const { language } = useLanguage();
  const locale = intlLocale(language);
  return (yearMonth, style) =>
    new Intl.DateTimeFormat(
      locale,
      style === 'short'
        ? { month: 'short', timeZone: 'UTC' }
        : { month: 'long', year: 'numeric', timeZone: 'UTC' },
    ).format(new Date(`${yearMonth}-01T00:00:00Z`));
}

/**
 * Each month's bar as a share of the largest month, in percent. Only the bars' heights: the
 * amounts shown are the server's exact figures. Money travels as decimal strings, which the
 * client may have turned into numbers (decision 4): read back through Decimal either way.
 */
export function barHeights(amounts: readonly (string | number)[]): number[] {
  const values = amounts.map((amount) => new Decimal(amount));
  const largest = Decimal.max(0, ...values);
  if (largest.isZero()) return values.map(() => 0);
  // A month with a little spending still shows a sliver, so it does not read as nothing.
  return values.map((value) =>
    value.isZero() ? 0 : Math.max(3, value.dividedBy(largest).times(100).toNumber()),
  );
}

function SpendingBars({ data }: { data: SpendingByMonth }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const monthName = useMonthName();
  const heights = barHeights(data.months.map((month) => month.amount));
  const current = data.months.at(-1);
  const hasSpending = heights.some((height) => height > 0);
  return (
    <>
      {hasSpending && (
        <div>
          <Text size="xs" c="dimmed">
            {t('home.spending.thisMonth')}
          </Text>
          <Text fw={700} fz="xl" className={classes.tabular} data-testid="spending-this-month">
            {data.isConverted && `${t('home.total.approx')} `}
            {current ? money(current.amount, data.currencyCode) : null}
          </Text>
        </div>
      )}
      {!hasSpending && (
        <Stack gap={2} className={classes.spendingEmpty}>
          <Text fw={600}>{t('home.spending.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('home.spending.emptyText')}
          </Text>
        </Stack>
      )}
      {hasSpending && (
        <div className={classes.bars} aria-hidden="true">
          {data.months.map((month, index) => (
            <div key={month.yearMonth} className={classes.barColumn}>
              <div className={classes.barTrack}>
                <div
                  className={`${classes.bar} ${index === data.months.length - 1 ? classes.barCurrent : ''}`}
                  style={{ height: `${heights[index]}%` }}
                />
              </div>
              <span className={classes.barLabel}>{monthName(month.yearMonth, 'short')}</span>
            </div>
          ))}
        </div>
      )}
      <VisuallyHidden>
        <table>
          <caption>{t('home.spending.tableCaption', { currency: data.currencyCode })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.spending.month')}</th>
              <th scope="col">{t('home.spending.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((month) => (
              <tr key={month.yearMonth}>
                <th scope="row">{monthName(month.yearMonth, 'long')}</th>
                <td>{money(month.amount, data.currencyCode)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
      <Text size="xs" c="dimmed">
        {data.isConverted
          ? t('home.spending.convertedNote', { currency: data.currencyCode })
          : t('home.spending.note', { currency: data.currencyCode })}
        {data.excludedCurrencies.length > 0 &&
          ` ${t('home.total.excluded', { currencies: data.excludedCurrencies.join(', ') })}`}
      </Text>
    </>
  );
}

/**
 * What left the customer's accounts in each of the last six months (issue 13), as plain bars
 * drawn with CSS: the figures are in a table for screen readers, the bars are decoration.
 */
export function SpendingChart() {
  const { t } = useTranslation();
  const spending = useSpendingByMonth({ enabled: true });
  return (
    <Paper
      withBorder
      radius="lg"
      className={classes.section}
      component="section"
      aria-labelledby="spending-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="spending-title">
          {t('home.spending.title')}
        </Title>
        {spending.isPending && (
          <div aria-busy="true">
            <VisuallyHidden role="status">{t('home.spending.loading')}</VisuallyHidden>
            <Skeleton height={12} width="30%" radius="sm" mb={6} />
            <Skeleton height={24} width="45%" radius="sm" mb="sm" />
            <Skeleton height={140} radius="md" />
          </div>
        )}
        {spending.isError && (
          <LoadFailed
            title={t('home.spending.loadFailed')}
            error={spending.error}
            onRetry={() => void spending.refetch()}
            retrying={spending.isFetching}
          />
        )}
        {spending.isSuccess && <SpendingBars data={spending.data} />}
      </Stack>
    </Paper>
  );
}
