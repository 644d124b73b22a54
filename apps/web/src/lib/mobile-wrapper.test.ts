import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceReadyToWrapper, isInsideWrapper, notifyWrapper } from './mobile-wrapper';

afterEach(() => {
  vi.useRealTimers();
});

describe('mobile wrapper bridge', () => {
  it('does nothing in a normal browser', () => {
    expect(isInsideWrapper()).toBe(false);
    expect(notifyWrapper({ type: 'logout' })).toBe(false);
  });

  it('posts typed events as JSON inside the wrapper', () => {
    const posted: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => posted.push(message) };
    expect(
      notifyWrapper({ type: 'download', url: '/api/pdf/statement.pdf', fileName: 'statement.pdf' }),
    ).toBe(true);
    expect(JSON.parse(posted[0] ?? '')).toEqual({
      type: 'download',
      url: '/api/pdf/statement.pdf',
      fileName: 'statement.pdf',
    });
  });

  it('says ready 100 ms after start', () => {
    vi.useFakeTimers();
    const posted: string[] = [];
    window.ReactNativeWebView = { postMessage: (message) => posted.push(message) };
    announceReadyToWrapper();
    vi.advanceTimersByTime(99);
    expect(posted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([JSON.stringify({ type: 'ready' })]);
  });
});
