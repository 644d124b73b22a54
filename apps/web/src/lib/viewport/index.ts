export { ViewportProvider } from './viewport-provider';
export { useViewport, type ViewportState } from './viewport-context';
