/** The error catalogue of spec 1 §8 and spec 2 §8. */
export const RESPONSE_CODES = {
  success: '00',
  dictionarySuccess: 'SUCCESS',
  verifyError: 'VF',
  termsError: 'TE',
  networkClientError: 'AE',
  authorisationError: 'AU',
  noAccess: 'ENOA',
  unknownError: 'UE',
  closedAccount: 'CA',
  accessDenied: '13',
  invalidParameters: 'TA1',
  invalidMethod: 'IM',
  /** Not in the spec's catalogue: answered with HTTP 429 when a caller sends too many requests (docs/decisions.md). */
  tooManyRequests: 'RL',
  /** Not in the spec's catalogue: answered with HTTP 403 when the user's IP whitelist is on and the call comes from elsewhere (issue 6). */
  ipNotAllowed: 'IPW',
} as const;

export type ResponseCode = (typeof RESPONSE_CODES)[keyof typeof RESPONSE_CODES];

export function isSuccessCode(code: unknown): boolean {
  return code === RESPONSE_CODES.success || code === RESPONSE_CODES.dictionarySuccess;
}
