/**
 * Whether the page at `pathname` waits for the whole locale before it shows (RootLayout). The
 * sign-in page, and `/` that sends the visitor there, need only its first part (decision 108);
 * every other page waits for all of it, so the app starts that download at once (decision 124).
 */
export function needsWholeLocale(pathname: string): boolean {
  return pathname !== '/login' && pathname !== '/';
}
