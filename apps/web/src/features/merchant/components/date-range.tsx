import { useTranslation } from 'react-i18next';
import { DateField } from '@/ui/date-field';

/** Whether the last day comes before the first (both given). */
export const isDateOrderWrong = (fromDate: string, toDate: string) =>
  fromDate !== '' && toDate !== '' && fromDate > toDate;

/** A log's "From" and "To" days; "To" says so when it comes before "From". */
export function DateRangeFields({
  fromDate,
  toDate,
  onFromDate,
  onToDate,
}: {
  fromDate: string;
  toDate: string;
  onFromDate: (day: string) => void;
  onToDate: (day: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DateField label={t('merchant.log.from')} value={fromDate} onChange={onFromDate} />
      <DateField
        label={t('merchant.log.to')}
        value={toDate}
        onChange={onToDate}
        error={isDateOrderWrong(fromDate, toDate) ? t('validation.dateRangeOrder') : undefined}
      />
    </>
  );
}
