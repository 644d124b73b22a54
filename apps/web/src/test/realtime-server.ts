import type { Server } from 'node:http';
import { waitFor } from '@testing-library/react';
import { expect, onTestFinished } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeEvent } from '@ledgerline/contract';
import { startApiServer, type Routes, type TestApiServer } from './api-server';

export interface TestRealtimeServer {
  /** Every socket opened on /realtime, in order, with the ticket it came with. */
  connections: { socket: WebSocket; ticket: string | null }[];
  open(): WebSocket[];
  /** Sends an event to every open socket (waits for one to be open). */
  push(event: RealtimeEvent): Promise<void>;
  close(): Promise<void>;
}

/** A real /realtime WebSocket endpoint on a test HTTP server (the browser's side is the app's own code). */
export function serveRealtime(server: Server): TestRealtimeServer {
  const connections: TestRealtimeServer['connections'] = [];
  const wss = new WebSocketServer({ server, path: '/realtime' });
  wss.on('connection', (socket, request) => {
    connections.push({
      socket,
      ticket: new URL(request.url ?? '/', 'http://test').searchParams.get('ticket'),
    });
    socket.on('message', (data) => {
      if (data.toString() === 'ping') socket.send('pong');
    });
  });
  const open = () =>
    connections.map((entry) => entry.socket).filter((socket) => socket.readyState === socket.OPEN);
  return {
    connections,
    open,
    async push(event) {
      await waitFor(() => expect(open().length).toBeGreaterThan(0));
      for (const socket of open())
        socket.send(JSON.stringify({ ...event, at: new Date().toISOString() }));
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A test API server with a real /realtime endpoint on it, both closed when the test ends. */
export async function startRealtimeApi(
  routes: Routes,
): Promise<{ api: TestApiServer; realtime: TestRealtimeServer }> {
  const api = await startApiServer(routes);
  const realtime = serveRealtime(api.server);
  onTestFinished(async () => {
    await realtime.close();
    await api.close();
  });
  return { api, realtime };
}
