import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Wait for this before answering (lets a test look at the screen mid-request). */
  hold?: Promise<void>;
}

/** Keyed by "METHOD /path?query", e.g. "POST /api/auth/login" or "POST /api/main/?getCustomerInfo". */
export type Routes = Record<string, (request: RecordedRequest) => Reply | Promise<Reply>>;

export interface TestApiServer {
  url: string;
  requests: RecordedRequest[];
  /** The node:http server, e.g. to attach a WebSocket server for /realtime. */
  server: Server;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 for component tests, so the app's real API client, headers and
 * error handling run end to end. Unknown routes answer 404 in the spec's envelope.
 */
export async function startApiServer(routes: Routes): Promise<TestApiServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = undefined;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = text;
        }
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          headers: req.headers,
          body,
        };
        requests.push(recorded);
        const handler = routes[`${recorded.method} ${recorded.path}`];
        const reply: Reply = handler
          ? await handler(recorded)
          : { status: 404, body: { responseCode: 'IM', responseDescription: 'Not found' } };
        if (reply.hold) await reply.hold;
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A promise with its resolve function outside, for holding a reply. */
export function createGate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
