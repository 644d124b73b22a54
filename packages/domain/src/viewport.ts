import { VIEWPORT_FLAG_WIDTHS } from './constants';

/**
 * Viewport flags of spec 1 §9: each is set while the viewport is at most that wide, the way a
 * `(max-width: Npx)` media query matches.
 */
export interface ViewportFlags {
  isBelow1280: boolean;
  isBelow992: boolean;
  isBelow871: boolean;
  isBelow576: boolean;
}

export type ViewportFlagName = keyof ViewportFlags;

export const VIEWPORT_FLAG_QUERIES: Readonly<Record<ViewportFlagName, string>> = {
  isBelow1280: `(max-width: ${VIEWPORT_FLAG_WIDTHS[0]}px)`,
  isBelow992: `(max-width: ${VIEWPORT_FLAG_WIDTHS[1]}px)`,
  isBelow871: `(max-width: ${VIEWPORT_FLAG_WIDTHS[2]}px)`,
  isBelow576: `(max-width: ${VIEWPORT_FLAG_WIDTHS[3]}px)`,
};

export function viewportFlagsForWidth(width: number): ViewportFlags {
  return {
    isBelow1280: width <= VIEWPORT_FLAG_WIDTHS[0],
    isBelow992: width <= VIEWPORT_FLAG_WIDTHS[1],
    isBelow871: width <= VIEWPORT_FLAG_WIDTHS[2],
    isBelow576: width <= VIEWPORT_FLAG_WIDTHS[3],
  };
}

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/**
 * The mobile flag of spec 1 §4, by device detection rather than width: a phone or tablet user
 * agent, or an iPad that reports itself as a Mac (iPadOS 13+) but has a touch screen.
 */
export function isMobileDevice(device: { userAgent: string; maxTouchPoints?: number }): boolean {
  if (MOBILE_USER_AGENT.test(device.userAgent)) return true;
  return /Macintosh/i.test(device.userAgent) && (device.maxTouchPoints ?? 0) > 1;
}

/** Input types that never raise an on-screen keyboard. */
const NON_TEXT_INPUT_TYPES = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
  'hidden',
]);

/**
 * Whether focusing this element raises the on-screen keyboard (spec 1 §4: an input, a textarea or
 * an editable element). Takes the element's facts, not the element, so it stays free of the DOM.
 */
export function raisesKeyboard(element: {
  tagName: string;
  type?: string;
  isContentEditable?: boolean;
}): boolean {
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUT_TYPES.has((element.type ?? 'text').toLowerCase());
  return false;
}
