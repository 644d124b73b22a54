import {
  HISTORY_DIRECTIONS,
  HISTORY_STATUSES,
  historyDaySchema,
  historyFilterSchema,
  type HistoryFilter,
} from '@ledgerline/contract';
import { TRANSACTION_TYPE_CODES } from '@ledgerline/domain/dictionaries/transaction-types';
import { normalizeAmountInput } from '@ledgerline/domain/transfers';
import Decimal from 'decimal.js';
import { z } from 'zod';

/*
 * The /history filter (spec 2 §3) lives in the address, so a reload, the back button or a shared
 * link shows the same list: ?accountId=&keyword=&type=&from=&to=&amountFrom=&amountTo=&direction=
 * &status=&email=. The form holds the same fields as text ('' = not filtered).
 */

/** The filter's fields besides the account, as the form holds them. */
export interface FilterValues {
  keyword: string;
  transactionType: string;
  fromDate: string;
  toDate: string;
  amountFrom: string;
  amountTo: string;
  direction: string;
  status: string;
  email: string;
}

export const EMPTY_FILTER: FilterValues = {
  keyword: '',
  transactionType: '',
  fromDate: '',
  toDate: '',
  amountFrom: '',
  amountTo: '',
  direction: '',
  status: '',
  email: '',
};

/** Form field ↔ search parameter. */
const PARAMS: Record<keyof FilterValues, string> = {
  keyword: 'keyword',
  transactionType: 'type',
  fromDate: 'from',
  toDate: 'to',
  amountFrom: 'amountFrom',
  amountTo: 'amountTo',
  direction: 'direction',
  status: 'status',
  email: 'email',
};

// eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded and unambiguous: linear on any input
const AMOUNT = /^\d{1,18}(\.\d{1,8})?$/;
const optionalOf = (values: readonly string[]) =>
  z.string().refine((value) => value === '' || values.includes(value), 'validation.invalidValue');
const day = z
  .string()
  .refine((value) => value === '' || historyDaySchema.safeParse(value).success, 'validation.date');
const amount = z
  .string()
  .transform((value) => normalizeAmountInput(value))
  .refine((value) => value === '' || AMOUNT.test(value), 'validation.amount');

/** The form's rules: the contract's, on text fields; a range's end not before its start. */
export const filterFormSchema = z
  .object({
    keyword: z.string().trim().max(100, 'validation.tooLong'),
    transactionType: optionalOf(TRANSACTION_TYPE_CODES),
    fromDate: day,
    toDate: day,
    amountFrom: amount,
    amountTo: amount,
    direction: optionalOf(HISTORY_DIRECTIONS),
    status: optionalOf(HISTORY_STATUSES),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'validation.tooLong')
      .refine((value) => value === '' || z.email().safeParse(value).success, 'validation.email'),
  })
  .superRefine((value, ctx) => {
    if (value.fromDate && value.toDate && value.toDate < value.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: 'validation.dateRangeOrder' });
    // Decimal, not Number: bounds may carry 8 decimals and 18 digits.
    if (
      AMOUNT.test(value.amountFrom) &&
      AMOUNT.test(value.amountTo) &&
      new Decimal(value.amountTo).lessThan(value.amountFrom)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['amountTo'],
        message: 'history.filter.errors.amountRangeOrder',
      });
  });

/** The filter the address holds; anything that would not pass the form's rules is dropped. */
export function readFilterValues(params: URLSearchParams): FilterValues {
  const raw = Object.fromEntries(
    (Object.keys(PARAMS) as (keyof FilterValues)[]).map((field) => [
      field,
      params.get(PARAMS[field]) ?? '',
    ]),
  ) as unknown as FilterValues;
  const parsed = filterFormSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep the valid fields of a hand-edited address, drop the rest.
  const bad = new Set(parsed.error.issues.map((issue) => issue.path[0] as keyof FilterValues));
  const kept = { ...raw };
  for (const field of bad) kept[field] = '';
  const again = filterFormSchema.safeParse(kept);
  return again.success ? again.data : EMPTY_FILTER;
}

/** The address after applying `values` (other parameters, e.g. the account, stay). */
export function writeFilterValues(params: URLSearchParams, values: FilterValues): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const field of Object.keys(PARAMS) as (keyof FilterValues)[]) {
    if (values[field]) next.set(PARAMS[field], values[field]);
    else next.delete(PARAMS[field]);
  }
  return next;
}

export function isFiltered(values: FilterValues): boolean {
  return Object.values(values).some((value) => value !== '');
}

/** The request filter of getTransactionHistory / exportHistory: only the fields that are set. */
export function toHistoryFilter(accountId: number, values: FilterValues): HistoryFilter {
  return historyFilterSchema.parse({
    accountId,
    ...(values.keyword ? { keyword: values.keyword } : {}),
    ...(values.transactionType ? { transactionType: values.transactionType } : {}),
    ...(values.fromDate ? { fromDate: values.fromDate } : {}),
    ...(values.toDate ? { toDate: values.toDate } : {}),
    ...(values.amountFrom ? { amountFrom: values.amountFrom } : {}),
    ...(values.amountTo ? { amountTo: values.amountTo } : {}),
    ...(values.direction ? { direction: values.direction } : {}),
    ...(values.status ? { status: values.status } : {}),
    ...(values.email ? { email: values.email } : {}),
  });
}
