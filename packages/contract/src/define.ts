import type { z } from 'zod';

/**
 * One main-API method: its request payload (without the envelope fields), its answer's data
 * fields (without responseCode/responseDescription), whether it needs a bearer token, and the
 * success code it answers with ('SUCCESS' for dictionaries, '00' for the rest; spec 2 §8).
 */
export interface MainMethod<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  P extends boolean = boolean,
> {
  isPublic: P;
  successCode: '00' | 'SUCCESS';
  request: Req;
  response: Res;
}

export function defineMethod<
  Req extends z.ZodType,
  Res extends z.ZodType,
  P extends boolean = false,
>(method: {
  isPublic?: P;
  successCode?: '00' | 'SUCCESS';
  request: Req;
  response: Res;
}): MainMethod<Req, Res, P> {
  return {
    isPublic: (method.isPublic ?? false) as P,
    successCode: method.successCode ?? '00',
    request: method.request,
    response: method.response,
  };
}
