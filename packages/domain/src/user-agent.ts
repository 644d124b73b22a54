/**
 * The browser and system of a user-agent string ("Chrome" on "Windows"): the web's sign-in
 * history shows them, and the server names them in a push sign-in approval. Only the common
 * browsers and systems are named; anything else is undefined and the caller falls back (the
 * history to the client kind). Order matters: Edge and Opera say "Chrome" too, Chrome says
 * "Safari", iOS says "Mac OS X" and Android says "Linux".
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, table: readonly [RegExp, string][]): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

export interface UserAgentSummary {
  browser?: string;
  system?: string;
}

export function summarizeUserAgent(
  userAgent: string | null | undefined,
): UserAgentSummary | undefined {
  if (!userAgent) return undefined;
  const browser = firstMatch(userAgent, BROWSERS);
  const system = firstMatch(userAgent, SYSTEMS);
  if (!browser && !system) return undefined;
  return { ...(browser ? { browser } : {}), ...(system ? { system } : {}) };
}
