import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  VIEWPORT_FLAG_QUERIES,
  isMobileDevice,
  raisesKeyboard,
  viewportFlagsForWidth,
  type ViewportFlagName,
  type ViewportFlags,
} from '@ledgerline/domain/viewport';
import { ViewportContext, type ViewportState } from './viewport-context';

const FLAG_NAMES = Object.keys(VIEWPORT_FLAG_QUERIES) as ViewportFlagName[];

function readFlags(): ViewportFlags {
  if (typeof window.matchMedia !== 'function') return viewportFlagsForWidth(window.innerWidth);
  const flags = viewportFlagsForWidth(window.innerWidth);
  for (const name of FLAG_NAMES)
    flags[name] = window.matchMedia(VIEWPORT_FLAG_QUERIES[name]).matches;
  return flags;
}

function isKeyboardElement(element: EventTarget | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  return raisesKeyboard({
    tagName: element.tagName,
    type: element instanceof HTMLInputElement ? element.type : undefined,
    isContentEditable: element.isContentEditable,
  });
}

/** Viewport flags by media query, the mobile flag and the on-screen keyboard state, for the whole app. */
export function ViewportProvider({ children }: { children: ReactNode }) {
  const [flags, setFlags] = useState<ViewportFlags>(readFlags);
  const [isKeyboardVisible, setKeyboardVisible] = useState(() =>
    isKeyboardElement(document.activeElement),
  );
  const isMobile = useMemo(
    () =>
      isMobileDevice({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
    [],
  );

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const lists = FLAG_NAMES.map((name) => window.matchMedia(VIEWPORT_FLAG_QUERIES[name]));
    const update = () => setFlags(readFlags());
    for (const list of lists) list.addEventListener('change', update);
    return () => {
      for (const list of lists) list.removeEventListener('change', update);
    };
  }, []);

  useEffect(() => {
    // On focusout, relatedTarget is the element that receives focus next (null when focus leaves).
    const onFocusIn = (event: FocusEvent) => setKeyboardVisible(isKeyboardElement(event.target));
    const onFocusOut = (event: FocusEvent) =>
      setKeyboardVisible(isKeyboardElement(event.relatedTarget));
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  const value = useMemo<ViewportState>(
    () => ({ ...flags, isMobile, isKeyboardVisible }),
    [flags, isMobile, isKeyboardVisible],
  );
  return <ViewportContext value={value}>{children}</ViewportContext>;
}
