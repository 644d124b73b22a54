/**
 * Whether the server last told us it is briefly unavailable (HTTP 503: its database is away,
 * issue 20). The API client reports every answer's status; the reconnecting notice listens.
 * One per page: every call of the page goes to the same server.
 */
export interface ConnectionStatus {
  /** An answer's HTTP status: 503 starts "reconnecting", any answer below 500 ends it. */
  report(status: number): void;
  isReconnecting(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createConnectionStatus(): ConnectionStatus {
  let reconnecting = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    if (next === reconnecting) return;
    reconnecting = next;
    for (const listener of listeners) listener();
  };
  return {
    report(status) {
      if (status === 503) set(true);
      else if (status < 500) set(false);
    },
    isReconnecting: () => reconnecting,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's connection status. */
export const connectionStatus: ConnectionStatus = createConnectionStatus();
