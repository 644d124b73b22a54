import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  /** Every message received so far, parsed. */
  messages: Record<string, unknown>[];
  /** Waits until a message of this type arrives (or the timeout passes). */
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number }>;
}

/** Opens a realtime socket the way a browser would: with an Origin header and a ticket. */
export function openSocket(url: string, origin: string): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin });
    const messages: Record<string, unknown>[] = [];
    const waiters: { type: string; resolve: (message: Record<string, unknown>) => void }[] = [];
    socket.on('message', (data) => {
      const text = data.toString();
      // The server answers a keep-alive 'ping' with a bare 'pong'; every event is JSON.
      const message =
        text === 'pong' ? { type: 'pong' } : (JSON.parse(text) as Record<string, unknown>);
      messages.push(message);
      for (const waiter of waiters.filter((candidate) => candidate.type === message.type)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    });
    const closed = new Promise<{ code: number }>((done) =>
      socket.on('close', (code) => done({ code })),
    );
    socket.on('unexpected-response', (_request, response) =>
      reject(new Error(`handshake refused with HTTP ${response.statusCode}`)),
    );
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        messages,
        closed,
        next(type, timeoutMs = 10_000) {
          const seen = messages.find((message) => message.type === type);
          if (seen) return Promise.resolve(seen);
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no ${type} message within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({ type, resolve: (message) => (clearTimeout(timer), done(message)) });
          });
        },
      }),
    );
  });
}
