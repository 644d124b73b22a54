import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { customers, users } from './schema';

/*
 * The merchant's public API (issue 18, modules/merchant-api): a company's API keys, the IP ranges
 * its keys may be used from, and the log of every call made with them.
 */

/**
 * An API key (spec 2 §3 "API key"). Only the SHA-256 of the secret is kept (a 256-bit random
 * secret needs no slow hash); `hint` is the secret's last characters, to tell keys apart. A deleted
 * key keeps its row (deleted_at), so the request log still names it and its hash never comes back.
 */
export const merchantApiKeys = pgTable(
  'merchant_api_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: varchar('name', { length: 64 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    hint: varchar('hint', { length: 8 }).notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('merchant_api_keys_hash').on(table.keyHash),
    index('merchant_api_keys_customer')
      .on(table.customerId, table.id)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** An allowed IP range (spec 2 §3 "Allowed IP"): with any enabled, the company's keys work only from inside one. */
export const merchantAllowedIps = pgTable(
  'merchant_allowed_ips',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ipFrom: varchar('ip_from', { length: 45 }).notNull(),
    ipTo: varchar('ip_to', { length: 45 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('merchant_allowed_ips_customer').on(table.customerId, table.id)],
);

/**
 * One call to the public API made with a known key (spec 2 §7 apirequest): what was asked, the
 * answer's status, from where and how long it took. The path is kept without its query string,
 * and nothing of the Authorization header. The per-key rate limit counts these rows.
 */
export const merchantApiRequests = pgTable(
  'merchant_api_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => merchantApiKeys.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 256 }).notNull(),
    status: smallint('status').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The per-key rate limit counts the last minute's calls; the log pages newest first by id.
    index('merchant_api_requests_key_at').on(table.apiKeyId, table.at),
    index('merchant_api_requests_key_id').on(table.apiKeyId, table.id),
  ],
);
