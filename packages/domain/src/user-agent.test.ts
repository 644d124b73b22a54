import { describe, expect, it } from 'vitest';
import {
  describeSignInDevice,
  signInDeviceText,
  summarizeUserAgent,
  type SignInDevice,
  type UserAgentSummary,
} from './user-agent';

describe('summarizeUserAgent', () => {
  it.each<[string, UserAgentSummary]>([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
      { browser: 'Edge', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/112.0.0.0',
      { browser: 'Opera', system: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { browser: 'Safari', system: 'macOS' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
      { browser: 'Firefox', system: 'macOS' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', system: 'iOS' },
    ],
    // Chrome and Firefox on iOS say so with their own tokens, and "Mac OS X" too: the system is iOS
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', system: 'iOS' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
      { browser: 'Firefox', system: 'iOS' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
      { browser: 'Firefox', system: 'Linux' },
    ],
    // Android says "Linux" as well: Android wins
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 EdgA/126.0',
      { browser: 'Edge', system: 'Android' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', system: 'Android' },
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'ChromeOS' },
    ],
    // headless Chrome (the browser tests) counts as Chrome
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Linux' },
    ],
    // an app's web view without a Version/ token is no Safari; its system is still known
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      { system: 'iOS' },
    ],
  ])('%s', (userAgent, expected) => {
    expect(summarizeUserAgent(userAgent)).toEqual(expected);
  });

  it.each([null, undefined, '', 'curl/8.5.0', 'okhttp/4.12.0'])(
    'gives nothing for an empty or unknown agent (%j)',
    (userAgent) => {
      expect(summarizeUserAgent(userAgent)).toBeUndefined();
    },
  );
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';

describe('describeSignInDevice', () => {
  it.each<[string, Parameters<typeof describeSignInDevice>[0], SignInDevice, string]>([
    [
      'the phone app by its name',
      { device: 'Pixel 8', client: 'mobile' },
      { kind: 'app', name: 'Pixel 8' },
      'Pixel 8',
    ],
    [
      'a browser by its user agent, whatever the client kind says',
      { device: 'web', client: 'web', userAgent: CHROME_LINUX },
      { kind: 'browser', browser: 'Chrome', system: 'Linux' },
      'Chrome on Linux',
    ],
    [
      'half a user agent',
      { client: 'web', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' },
      { kind: 'partial', name: 'Linux' },
      'Linux',
    ],
    [
      'a tool by its own name, not as a web browser',
      { device: 'web', client: 'web', userAgent: 'Playwright/1.65.1 (x64; debian 12) node/20.20' },
      { kind: 'program', name: 'Playwright' },
      'Playwright',
    ],
    ['curl', { client: 'web', userAgent: 'curl/8.5.0' }, { kind: 'program', name: 'curl' }, 'curl'],
    [
      'the client kind without a user agent',
      { device: 'web', userAgent: null },
      { kind: 'client', client: 'web' },
      'Web browser',
    ],
    ['the mobile client', { client: 'mobile' }, { kind: 'client', client: 'mobile' }, 'Mobile app'],
    ['nothing known', { userAgent: '  ' }, { kind: 'unknown' }, 'Unknown device'],
    [
      'an unnamed Mozilla agent',
      { userAgent: 'Mozilla/5.0' },
      { kind: 'unknown' },
      'Unknown device',
    ],
  ])('names %s', (_, input, device, text) => {
    expect(describeSignInDevice(input)).toEqual(device);
    expect(signInDeviceText(describeSignInDevice(input))).toBe(text);
  });
});
