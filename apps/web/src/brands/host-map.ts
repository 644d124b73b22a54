import type { BrandHostMap } from '@ledgerline/domain';

/**
 * Which brand a host name serves. One build serves every brand; local development and the
 * browser tests use the `*.localhost` names (they resolve to 127.0.0.1 without any set-up).
 */
export const BRAND_HOST_MAP: BrandHostMap = {
  'pebble.localhost': 'pebble',
  'northmere.localhost': 'northmere',
  'quillpay.localhost': 'quillpay',
  'amberline.localhost': 'amberline',
  'baltvale.localhost': 'baltvale',
  'thistle.localhost': 'thistle',
  'app.pebble.example': 'pebble',
  'online.northmere.example': 'northmere',
  'app.quillpay.example': 'quillpay',
  'app.amberline.example': 'amberline',
  'app.baltvale.example': 'baltvale',
  'app.thistle.example': 'thistle',
};
