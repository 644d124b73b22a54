import { useEffect, useState } from 'react';
import type { ClientConfig } from '@ledgerline/contract/client-config';

/**
 * GET /config.json (packages/contract/src/client-config.ts): run-time settings from the server's
 * operator, such as a shorter idle time for a test run. Read by hand (no zod on the first page);
 * anything missing or malformed keeps the built-in defaults.
 */
export type RuntimeConfig = ClientConfig;

// Without an answer (a server from before the setting) the forms carry no bot check; a server
// that asks for it says so in /config.json.
const DEFAULTS: RuntimeConfig = { idleTimeoutSeconds: null, botCheck: false };

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  try {
    const response = await fetchImpl('/config.json', {
      cache: 'no-cache',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return DEFAULTS;
    const data = (await response.json()) as Record<string, unknown> | null;
    const seconds = data?.idleTimeoutSeconds;
    return {
      idleTimeoutSeconds:
        typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null,
      botCheck: typeof data?.botCheck === 'boolean' ? data.botCheck : DEFAULTS.botCheck,
    };
  } catch {
    return DEFAULTS;
  }
}

let loaded: Promise<RuntimeConfig> | undefined;

/** The page's run-time settings, fetched once per page load. */
export function runtimeConfig(): Promise<RuntimeConfig> {
  return (loaded ??= loadRuntimeConfig());
}

/** The run-time settings once /config.json has answered (undefined until then). */
export function useRuntimeConfig(): RuntimeConfig | undefined {
  const [config, setConfig] = useState<RuntimeConfig | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void runtimeConfig().then((value) => {
      if (live) setConfig(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return config;
}
