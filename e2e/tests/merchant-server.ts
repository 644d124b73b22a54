import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/*
 * The test merchant's own server (issue 18): a small HTTP server on loopback that receives the
 * bank's webhook and IPN deliveries and checks every signature with the `standardwebhooks` npm
 * library (the Standard Webhooks reference implementation), never with the bank's code. Each
 * path is one receiving endpoint with its own secret. For the first `downFor` attempts of each
 * webhook-id it answers 503 (down for maintenance), then 200: the bank must retry to deliver.
 */

/** One request as the merchant's server saw it. */
export interface Delivery {
  path: string;
  webhookId: string;
  /** Whether `standardwebhooks` accepted the signature (and the timestamp) with the path's secret. */
  verified: boolean;
  /** Why verification failed, when it did. */
  verifyError: string | null;
  /** The body as received (JSON text). */
  body: string;
  /** The status this server answered. */
  answered: number;
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

export class MerchantServer {
  readonly deliveries: Delivery[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly http: Server;

  /** `downFor`: the attempts of each webhook-id answered 503 before this server answers 200. */
  constructor(private readonly downFor = 1) {
    this.http = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = {
          'webhook-id': header(request.headers, 'webhook-id'),
          'webhook-timestamp': header(request.headers, 'webhook-timestamp'),
          'webhook-signature': header(request.headers, 'webhook-signature'),
        };
        let verified = false;
        let verifyError: string | null = null;
        const endpointKey = this.secrets.get(path);
        try {
          if (!endpointKey) throw new Error(`no secret for ${path}`);
          new Webhook(endpointKey).verify(body, headers);
          verified = true;
        } catch (error) {
          verifyError = error instanceof Error ? error.message : String(error);
        }
        const earlier = this.deliveries.filter(
          (delivery) => delivery.webhookId === headers['webhook-id'],
        ).length;
        // A request whose signature does not hold is refused, as a merchant's server would.
        const answered = !verified ? 400 : earlier < this.downFor ? 503 : 200;
        this.deliveries.push({
          path,
          webhookId: headers['webhook-id'],
          verified,
          verifyError,
          body,
          answered,
        });
        response.statusCode = answered;
        response.setHeader('content-type', 'application/json');
        response.end(answered === 200 ? '{"received":true}' : '{"error":"down for maintenance"}');
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(0, '127.0.0.1', () => resolve());
    });
  }

  /** The URL of one receiving endpoint on this server. */
  url(path: string): string {
    return `http://127.0.0.1:${(this.http.address() as AddressInfo).port}${path}`;
  }

  /** The secret the bank gave for the endpoint at `path` (whsec_…). */
  trust(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  /** The deliveries to `path` whose body names `reference` (the payment's own), oldest first. */
  of(path: string, reference: string): Delivery[] {
    const referenceOf = (body: string) => {
      try {
        return (JSON.parse(body) as { data?: { reference?: unknown } }).data?.reference;
      } catch {
        return undefined;
      }
    };
    return this.deliveries.filter(
      (delivery) => delivery.path === path && referenceOf(delivery.body) === reference,
    );
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }
}
