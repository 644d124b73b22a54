import { describe, expect, it } from 'vitest';
import { isMobileDevice, raisesKeyboard, viewportFlagsForWidth } from './viewport';

describe('viewport flags', () => {
  it.each([
    [1440, { isBelow1280: false, isBelow992: false, isBelow871: false, isBelow576: false }],
    [1280, { isBelow1280: true, isBelow992: false, isBelow871: false, isBelow576: false }],
    [992, { isBelow1280: true, isBelow992: true, isBelow871: false, isBelow576: false }],
    [871, { isBelow1280: true, isBelow992: true, isBelow871: true, isBelow576: false }],
    [577, { isBelow1280: true, isBelow992: true, isBelow871: true, isBelow576: false }],
    [576, { isBelow1280: true, isBelow992: true, isBelow871: true, isBelow576: true }],
    [320, { isBelow1280: true, isBelow992: true, isBelow871: true, isBelow576: true }],
  ])('at %i px sets %j', (width, flags) => {
    expect(viewportFlagsForWidth(width)).toEqual(flags);
  });
});

describe('isMobileDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36',
      5,
      true,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      5,
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      5,
      true,
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      0,
      false,
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36', 0, false],
  ])('%s with %i touch points is mobile: %s', (userAgent, maxTouchPoints, expected) => {
    expect(isMobileDevice({ userAgent, maxTouchPoints })).toBe(expected);
  });
});

describe('raisesKeyboard', () => {
  it.each([
    [{ tagName: 'INPUT', type: 'email' }, true],
    [{ tagName: 'input', type: 'password' }, true],
    [{ tagName: 'INPUT' }, true],
    [{ tagName: 'INPUT', type: 'checkbox' }, false],
    [{ tagName: 'INPUT', type: 'submit' }, false],
    [{ tagName: 'TEXTAREA' }, true],
    [{ tagName: 'DIV', isContentEditable: true }, true],
    [{ tagName: 'BUTTON' }, false],
    [{ tagName: 'SELECT' }, false],
  ])('%j raises the keyboard: %s', (element, expected) => {
    expect(raisesKeyboard(element)).toBe(expected);
  });
});
