import type { UserEvent } from '@testing-library/user-event';

/**
 * Types a date into a date field (ui/date-field) in one go, as a paste does: the calendar under
 * the field re-renders on every key, which makes key-by-key typing slow in jsdom.
 */
export async function typeDate(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
