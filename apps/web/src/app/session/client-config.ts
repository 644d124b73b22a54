/**
 * GET /config.json (packages/contract/src/client-config.ts): run-time settings from the server's
 * operator, such as a shorter idle time for a test run. Read by hand (no zod on the first page);
 * anything missing or malformed keeps the built-in defaults.
 */
export interface RuntimeConfig {
  idleTimeoutSeconds: number | null;
}

const DEFAULTS: RuntimeConfig = { idleTimeoutSeconds: null };

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
    };
  } catch {
    return DEFAULTS;
  }
}
