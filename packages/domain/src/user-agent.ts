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

/** The kinds of client the server records when no phone app took part. */
const CLIENT_KINDS: readonly string[] = ['web', 'mobile'];

/**
 * What a sign-in came from, by one rule wherever it is shown (the sign-in history, a push
 * approval's details): the phone app's own name; else the browser and system its user agent
 * names ("Chrome" on "Linux"); else the program its user agent starts with ("Playwright",
 * "curl": a sign-in through a tool is not called a web browser); else the kind of client; else
 * unknown. The web app translates
 * the kinds, the server writes them in English (signInDeviceText).
 */
export type SignInDevice =
  | { kind: 'app'; name: string }
  | { kind: 'browser'; browser: string; system: string }
  /** Only one of the two is known ("Firefox", or "Linux"). */
  | { kind: 'partial'; name: string }
  /** A user agent that names no browser we know: its first product ("curl/8.5.0" → "curl"). */
  | { kind: 'program'; name: string }
  | { kind: 'client'; client: 'web' | 'mobile' }
  | { kind: 'unknown' };

export function describeSignInDevice(input: {
  device?: string | null;
  client?: string | null;
  userAgent?: string | null;
}): SignInDevice {
  if (input.device && !CLIENT_KINDS.includes(input.device))
    return { kind: 'app', name: input.device };
  const agent = summarizeUserAgent(input.userAgent);
  if (agent?.browser && agent.system)
    return { kind: 'browser', browser: agent.browser, system: agent.system };
  const known = agent?.browser ?? agent?.system;
  if (known) return { kind: 'partial', name: known };
  const program = /^([A-Za-z][\w.-]{0,39})(?:\/|\s|$)/.exec(input.userAgent?.trim() ?? '')?.[1];
  if (program && program !== 'Mozilla') return { kind: 'program', name: program };
  const client = input.device ?? input.client;
  if (client === 'web' || client === 'mobile') return { kind: 'client', client };
  return { kind: 'unknown' };
}

/** describeSignInDevice in English, for the server's own texts ("Chrome on Linux", "Web browser"). */
export function signInDeviceText(device: SignInDevice): string {
  switch (device.kind) {
    case 'app':
      return device.name;
    case 'browser':
      return `${device.browser} on ${device.system}`;
    case 'partial':
    case 'program':
      return device.name;
    case 'client':
      return device.client === 'web' ? 'Web browser' : 'Mobile app';
    case 'unknown':
      return 'Unknown device';
  }
}
