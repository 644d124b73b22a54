import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type TestApiServer } from '@/test/api-server';
import { serveRealtime, type TestRealtimeServer } from '@/test/realtime-server';
import type { RealtimeEvent } from '@ledgerline/contract';
import {
  createRealtimeChannel,
  reconnectDelay,
  RECONNECT_MAX_MS,
  type RealtimeChannel,
  type RealtimeChannelState,
} from './realtime-channel';

let api: TestApiServer | undefined;
let realtime: TestRealtimeServer | undefined;
let channel: RealtimeChannel | undefined;
afterEach(async () => {
  channel?.stop();
  channel = undefined;
  await realtime?.close();
  realtime = undefined;
  await api?.close();
  api = undefined;
});

/** A channel against a real /realtime endpoint; `refuseTickets` ticket requests fail first. */
async function openChannel(options: { refuseTickets?: number } = {}) {
  api = await startApiServer({});
  realtime = serveRealtime(api.server);
  let tickets = 0;
  let refusals = options.refuseTickets ?? 0;
  const reconnects: number[] = [];
  const states: RealtimeChannelState[] = [];
  const events: RealtimeEvent[] = [];
  channel = createRealtimeChannel({
    baseUrl: api.url,
    pageHref: () => 'http://localhost/home',
    getTicket: async () => {
      if (refusals > 0) {
        refusals -= 1;
        throw new Error('refused');
      }
      tickets += 1;
      return `ticket-${tickets}`;
    },
    // The shortest delay, so a reconnect is quick; the delays themselves are tested below.
    random: () => 0,
    timers: {
      setTimeout: (callback, ms) => {
        reconnects.push(ms);
        return setTimeout(callback, ms);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    },
  });
  const live = channel;
  live.subscribeState(() => states.push(live.getState()));
  live.subscribe((event) => events.push(event));
  live.start();
  return { channel: live, server: realtime, states, events, reconnects, tickets: () => tickets };
}

describe('the signed-in realtime channel', () => {
  it('opens with a ticket and hands every event the server sends to its listeners, ignoring anything else', async () => {
    const { channel, server, states, events } = await openChannel();
    await waitFor(() => expect(channel.getState()).toBe('open'));
    expect(states).toEqual(['connecting', 'open']);
    expect(server.connections.map((entry) => entry.ticket)).toEqual(['ticket-1']);

    const socket = server.open()[0]!;
    socket.send('pong');
    socket.send('{"type":"NoSuchEvent"}');
    socket.send('not json');
    await server.push({ type: 'AccountChanged', payload: { accountId: 11 } });
    await server.push({
      type: 'TransactionResult',
      payload: { operationId: 'op-1', transactionId: 't-1', status: 'success', message: 'OK' },
    });
    await waitFor(() => expect(events).toHaveLength(2));
    expect(events.map((event) => event.type)).toEqual(['AccountChanged', 'TransactionResult']);
  });

  it('comes back after the socket drops, with a new ticket, and events flow again', async () => {
    const { channel, server, states, events, reconnects } = await openChannel();
    await waitFor(() => expect(channel.getState()).toBe('open'));
    server.open()[0]!.terminate();
    await waitFor(() => expect(server.open()).toHaveLength(1));
    await waitFor(() => expect(channel.getState()).toBe('open'));
    expect(states).toEqual(['connecting', 'open', 'lost', 'connecting', 'open']);
    expect(server.connections.map((entry) => entry.ticket)).toEqual(['ticket-1', 'ticket-2']);
    expect(reconnects).toEqual([1000]);
    await server.push({ type: 'AccountChanged', payload: { accountId: 5 } });
    await waitFor(() =>
      expect(events).toEqual([expect.objectContaining({ type: 'AccountChanged' })]),
    );
  });

  it('retries a refused ticket with a growing delay, then opens', async () => {
    const { channel, reconnects, tickets } = await openChannel({ refuseTickets: 2 });
    await waitFor(() => expect(channel.getState()).toBe('open'));
    expect(reconnects).toEqual([1000, 2000]);
    expect(tickets()).toBe(1);
  });

  it('stops for good when the server ends the session, and does not reconnect', async () => {
    const { channel, server, reconnects, events } = await openChannel();
    await waitFor(() => expect(channel.getState()).toBe('open'));
    const socket = server.open()[0]!;
    socket.send(
      JSON.stringify({
        type: 'SessionClosed',
        payload: { reason: 'logout' },
        at: new Date().toISOString(),
      }),
    );
    socket.close(4001, 'logout');
    await waitFor(() => expect(channel.getState()).toBe('closed'));
    expect(events.map((event) => event.type)).toEqual(['SessionClosed']);
    expect(reconnects).toEqual([]);
    expect(server.connections).toHaveLength(1);
  });

  it('treats a close with the session-ended code alone the same way', async () => {
    const { channel, server, reconnects } = await openChannel();
    await waitFor(() => expect(channel.getState()).toBe('open'));
    server.open()[0]!.close(4001, 'expired');
    await waitFor(() => expect(channel.getState()).toBe('closed'));
    expect(reconnects).toEqual([]);
  });

  it('closes its socket when stopped', async () => {
    const { channel, server } = await openChannel();
    await waitFor(() => expect(channel.getState()).toBe('open'));
    const socket = server.open()[0]!;
    channel.stop();
    expect(channel.getState()).toBe('closed');
    await waitFor(() => expect(socket.readyState).toBe(socket.CLOSED));
  });
});

describe('reconnectDelay', () => {
  it.each([
    [0, 0, 1000],
    [1, 0, 2000],
    [2, 0, 4000],
    [4, 0, 16_000],
    [5, 0, RECONNECT_MAX_MS],
    [40, 0, RECONNECT_MAX_MS],
    [0, 1, 1250],
    [10, 1, 37_500],
  ])('attempt %i with random %f waits %i ms', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, () => random)).toBe(expected);
  });
});
