import { createContext, useContext } from 'react';
import type { ViewportFlags } from '@ledgerline/domain';

export interface ViewportState extends ViewportFlags {
  /** A phone or tablet, by device detection (not by width). */
  isMobile: boolean;
  /** True while an input, textarea or editable element has focus (spec 1 §4). */
  isKeyboardVisible: boolean;
}

export const ViewportContext = createContext<ViewportState | null>(null);

export function useViewport(): ViewportState {
  const state = useContext(ViewportContext);
  if (!state) throw new Error('useViewport needs a <ViewportProvider>');
  return state;
}
