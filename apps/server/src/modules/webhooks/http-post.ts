import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isPublicAddress, type AddressPolicy } from './address-guard';

/** A receiver has this long to answer, headers and body together. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The most of an answer read; a longer one is cut off there (the attempt keeps its status). */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** The most of an answer kept in the request log. */
export const LOGGED_RESPONSE_CHARS = 4096;

export interface PostOutcome {
  /** The receiver's status; null when none came. */
  statusCode: number | null;
  /** Why no status came (refused, timed out, blocked address), else null. */
  error: string | null;
  latencyMs: number;
  /** The start of the answer's body (LOGGED_RESPONSE_CHARS at most). */
  responseBody: string;
}

/** What a failure is called in the log: short, without internals. */
function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'EBLOCKEDADDRESS') return 'The host resolves to an address that is not public';
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR') return 'The receiver did not answer in time';
  if (code === 'ECONNREFUSED') return 'The receiver refused the connection';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name does not resolve';
  if (typeof code === 'string') return `The request failed (${code.slice(0, 40)})`;
  return 'The request failed';
}

/**
 * POSTs `body` to `url` with `headers`: no redirects followed, the address checked by the policy
 * where the socket connects, DELIVERY_TIMEOUT_MS in all, the answer read up to
 * MAX_RESPONSE_BYTES. Never throws: every outcome is an answer for the log.
 */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    // The whole exchange, connection to last byte, has DELIVERY_TIMEOUT_MS.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), DELIVERY_TIMEOUT_MS);
    const finish = (outcome: Omit<PostOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, latencyMs: elapsed() });
    };
    const fail = (error: unknown) =>
      finish({ statusCode: null, error: describeFailure(error), responseBody: '' });
    let target: URL;
    try {
      target = new URL(url);
    } catch (error) {
      fail(error);
      return;
    }
    // An address literal is connected to without a lookup: checked here instead.
    const host = hostOf(target);
    if (!policy.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host)) {
      fail({ code: 'EBLOCKEDADDRESS' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(target, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Ledgerline-Webhooks/1.0',
      },
      lookup: guardedLookup(policy),
      agent: false,
      signal: deadline.signal,
    });
    outgoing.on('error', fail);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          statusCode: response.statusCode ?? null,
          error: null,
          // PostgreSQL text holds no NUL character: a receiver's binary answer is kept without them.
          responseBody: Buffer.concat(chunks)
            .toString('utf8')
            .split('\u0000')
            .join('')
            .slice(0, LOGGED_RESPONSE_CHARS),
        });
      response.on('data', (chunk: Buffer) => {
        if (size >= MAX_RESPONSE_BYTES) return;
        chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
        size += chunk.length;
        if (size >= MAX_RESPONSE_BYTES) {
          done();
          response.destroy();
        }
      });
      response.on('end', done);
      response.on('error', done);
      response.on('close', done);
    });
    outgoing.end(body);
  });
}
