import { describe, expect, it } from 'vitest';
import { summarizeUserAgent } from './user-agent';

describe('summarizeUserAgent', () => {
  it('names the browser and the system of common user agents', () => {
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      summarizeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 EdgA/126.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Android' });
  });

  it('counts headless Chrome (browser tests) as Chrome', () => {
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({
      browser: 'Chrome',
      system: 'Linux',
    });
  });

  it('gives nothing for an empty or unknown agent', () => {
    expect(summarizeUserAgent(null)).toBeUndefined();
    expect(summarizeUserAgent('')).toBeUndefined();
    expect(summarizeUserAgent('curl/8.5.0')).toBeUndefined();
  });
});
