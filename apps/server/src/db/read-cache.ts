import type { DatabaseHandle } from './connect';

/*
 * Reads that do not change between requests (a brand's fee rules, the day's exchange rates, the
 * brand a customer banks with), kept in the process and forgotten when the database says a table
 * changed (decision 107). Migration 0030's triggers send NOTIFY ledgerline_cache with the table's
 * name after any statement that writes fee_rules or exchange_rates or changes a customer's
 * brand; the notification arrives when that transaction commits, on every node that LISTENs.
 *
 * When the database connection is lost, the cache is emptied and not used until it is back (a
 * notification sent meanwhile would be missed). Every entry also expires after ENTRY_TTL_MS, in
 * case a notification is lost some other way. An entry is loaded through the caller's handle (a
 * transaction on PGlite, where the outer handle would wait on it); nothing that changes these
 * tables quotes a transfer in the same transaction.
 */

export const CACHE_CHANNEL = 'ledgerline_cache';
/** The tables whose rows are cached; a notification names one of them. */
export type CachedTable = 'fee_rules' | 'exchange_rates' | 'customers';
const ENTRY_TTL_MS = 60_000;
/** Entries kept per table before the oldest half is forgotten (one per customer for brands). */
const MAX_ENTRIES = 20_000;

interface Entry {
  at: number;
  value: Promise<unknown>;
}

export class ReadCache {
  private tables = new Map<string, Map<string, Entry>>();
  private usable = true;

  /** The value of `key` in `table`, loaded once until the table changes. */
  read<T>(table: CachedTable, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.usable) return load();
    let entries = this.tables.get(table);
    if (!entries) {
      entries = new Map();
      this.tables.set(table, entries);
    }
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && now - hit.at < ENTRY_TTL_MS) return hit.value as Promise<T>;
    if (entries.size >= MAX_ENTRIES) {
      let drop = entries.size / 2;
      for (const name of entries.keys()) {
        if (drop-- <= 0) break;
        entries.delete(name);
      }
    }
    const value = load();
    const entry = { at: now, value };
    entries.set(key, entry);
    // A refusal (no such customer) or a failed read is not remembered.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  }

  /** Forgets a table's entries (a load in flight lands in the dropped map and is not kept). */
  forget(table: string): void {
    this.tables.delete(table);
  }

  suspend(): void {
    this.usable = false;
    this.tables = new Map();
  }

  resume(): void {
    this.tables = new Map();
    this.usable = true;
  }
}

/** A cache of the database's reads, forgetting what the database's notifications name. */
export async function startReadCache(
  database: Pick<DatabaseHandle, 'notifier' | 'onAvailability'>,
): Promise<{ cache: ReadCache; stop: () => Promise<void> }> {
  const cache = new ReadCache();
  const unlisten = await database.notifier.listen(CACHE_CHANNEL, (table) => cache.forget(table));
  const stopWatching = database.onAvailability((event) => {
    if (event.kind === 'lost') cache.suspend();
    else cache.resume();
  });
  return {
    cache,
    async stop() {
      stopWatching();
      cache.suspend();
      await unlisten();
    },
  };
}
