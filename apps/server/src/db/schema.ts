import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  index,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Values the nodes of one deployment share, e.g. the token signing key when none is configured. */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** A customer: a person or a business that holds accounts (spec 2 §3 "Customer and user state"). */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  brandId: varchar('brand_id', { length: 32 }).notNull(),
  customerType: smallint('customer_type').notNull(),
  firstName: varchar('first_name', { length: 128 }),
  lastName: varchar('last_name', { length: 128 }),
  businessName: varchar('business_name', { length: 256 }),
  birthDay: varchar('birth_day', { length: 10 }),
  residenceCountryCode: varchar('residence_country_code', { length: 2 }),
  taxId: varchar('tax_id', { length: 64 }),
  transactionApproveMode: smallint('transaction_approve_mode').notNull().default(0),
  verified: boolean('verified').notNull().default(false),
  limited: boolean('limited').notNull().default(false),
  dueDiligenceLevel: smallint('due_diligence_level').notNull().default(0),
  isNeedPersonalInfoUpdate: boolean('is_need_personal_info_update').notNull().default(false),
  isNeedKyc: boolean('is_need_kyc').notNull().default(false),
  useOldWeb: boolean('use_old_web').notNull().default(false),
  oldWebUrl: varchar('old_web_url', { length: 512 }),
  createdAt: createdAt(),
});

/** A person who signs in. `customerId` is the customer the user belongs to. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    login2faMode: varchar('login_2fa_mode', { length: 16 }).notNull().default('no'),
    isAdmin: boolean('is_admin').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    disabled: boolean('disabled').notNull().default(false),
    /** 'active' may sign in; 'pendingActivation' waits for the e-mailed activation code. */
    status: varchar('status', { length: 24 }).notNull().default('active'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** Who may act for which customer besides their own (business users, representatives, admins). */
export const customerAccess = pgTable(
  'customer_access',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accessRight: smallint('access_right').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('customer_access_user_customer').on(table.userId, table.customerId)],
);

/** A signed-in session: lives at most 12 hours; refresh tokens are stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    refreshTokenHash: varchar('refresh_token_hash', { length: 64 }).notNull(),
    client: varchar('client', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: varchar('revoke_reason', { length: 32 }),
  },
  (table) => [index('sessions_user').on(table.userId), uniqueIndex('sessions_refresh_hash').on(table.refreshTokenHash)],
);

/** Single-use tickets that open a realtime WebSocket; valid for seconds. */
export const realtimeTickets = pgTable('realtime_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Every e-mail and SMS the server sends, written in the transaction of the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 256 }),
    body: text('body').notNull(),
    userId: integer('user_id').references(() => users.id),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_status').on(table.status, table.id)],
);

/** Requests waiting on the customer's phone app: push logins, transaction approvals (shown at /dev/device). */
export const deviceRequests = pgTable(
  'device_requests',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    title: varchar('title', { length: 256 }).notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('device_requests_user_status').on(table.userId, table.status)],
);

/** Who did what, when and from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: createdAt(),
    userId: integer('user_id'),
    customerId: integer('customer_id'),
    action: varchar('action', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_log_customer').on(table.customerId, table.at)],
);
