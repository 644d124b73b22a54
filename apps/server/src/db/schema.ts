import { sql } from 'drizzle-orm';
import {
  bigint,
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
  /** Tax-residency self-certification document status (spec 2 §3 document statuses). */
  taxSelfCertificationStatus: varchar('tax_self_certification_status', { length: 16 }).notNull().default('none'),
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
    /** The user's representative position at a business (spec 1 §6: 2 director, 6 and 9 shareholder, 8 ultimate owner). */
    representativePositionId: smallint('representative_position_id'),
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
    /** Last sign-in or refresh; the idle timeout itself is the client's. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
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
    /** The pending sign-in a login/verifyDevice/scp request belongs to (its realtime channel). */
    pendingLoginId: uuid('pending_login_id'),
    /** The device that decided (login), or the device being approved (approveDevice). */
    deviceId: integer('device_id'),
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

/** How an account was opened online: brand, kind and the customer's answers (issue 3, registration). */
export const registrations = pgTable('registrations', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id),
  brandId: varchar('brand_id', { length: 32 }).notNull(),
  /** 'personal' or 'business'. */
  kind: varchar('kind', { length: 16 }).notNull(),
  /** One of the brand's registrationPersonalTypes / registrationBusinessTypes. */
  registrationType: varchar('registration_type', { length: 48 }).notNull(),
  industryId: integer('industry_id'),
  ip: varchar('ip', { length: 64 }),
  createdAt: createdAt(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
});

/** Each term a user accepted, in the version offered (the term's value), with when and from where. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    termKey: varchar('term_key', { length: 48 }).notNull(),
    /** The version accepted, e.g. 'privacy-policy-2025-03-01'. */
    termValue: varchar('term_value', { length: 128 }).notNull(),
    versionDate: varchar('version_date', { length: 10 }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }),
  },
  (table) => [index('terms_acceptances_user').on(table.userId)],
);

/**
 * Codes e-mailed to an account: activation links and password-reset codes. Stored hashed; each
 * expires, is used once and (reset codes) allows a few wrong attempts.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'activation' or 'passwordReset'. */
    purpose: varchar('purpose', { length: 24 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code was used, replaced by a newer one, or ran out of attempts. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_codes_user_purpose').on(table.userId, table.purpose, table.createdAt)],
);

// ---- Sign-in (issue 3): second factors, devices, pending sign-ins, refresh rotation, throttling ----

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Second-factor settings besides users.login_2fa_mode ('no' | 'otp' | 'sms' | 'push'): the TOTP
 * secret and the last time step used (a code works once), the SMS phone number, and the
 * migration-to-push requirement ('none' | 'soft' until the deadline | 'strict').
 */
export const authSettings = pgTable('auth_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  totpSecret: varchar('totp_secret', { length: 128 }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  smsPhone: varchar('sms_phone', { length: 32 }),
  migrationReq: varchar('migration_req', { length: 8 }).notNull().default('none'),
  migrationDeadline: at('migration_deadline'),
  createdAt: createdAt(),
});

/** The phone apps of a user (spec 1 §3 "Auth device"). The secret is stored as its SHA-256. */
export const authDevices = pgTable(
  'auth_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: varchar('code', { length: 128 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    location: varchar('location', { length: 128 }),
    lastActivityAt: at('last_activity_at'),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    pushToken: varchar('push_token', { length: 512 }),
    approved: boolean('approved').notNull().default(false),
    approvedAt: at('approved_at'),
    createdAt: createdAt(),
  },
  (table) => [index('auth_devices_user').on(table.userId), uniqueIndex('auth_devices_secret').on(table.secretHash)],
);

/**
 * A sign-in between POST /login and POST /token: the authorization code (hashed, single use,
 * bound to the PKCE challenge), the SMS code (hashed, 5 minutes), the push request's key and
 * the device's decision. Its id is the realtime channel a tmpJwt opens.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    flow: varchar('flow', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    codeChallenge: varchar('code_challenge', { length: 128 }),
    client: varchar('client', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    smsCodeHash: varchar('sms_code_hash', { length: 64 }),
    smsIdentifier: varchar('sms_identifier', { length: 2 }),
    smsExpiresAt: at('sms_expires_at'),
    requestKey: uuid('request_key'),
    approvedAt: at('approved_at'),
    declinedAt: at('declined_at'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [uniqueIndex('pending_logins_code').on(table.codeHash), index('pending_logins_user').on(table.userId)],
);

/** Every refresh token a session had (hashed): presenting a used one revokes the session (RFC 9700 §4.14). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    createdAt: createdAt(),
    usedAt: at('used_at'),
  },
  (table) => [index('refresh_tokens_session').on(table.sessionId)],
);

/** Single-use tickets that open a realtime socket for a pending sign-in (push, verifyDevice, scp). */
export const loginRealtimeTickets = pgTable('login_realtime_tickets', {
  ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
  pendingLoginId: uuid('pending_login_id')
    .notNull()
    .references(() => pendingLogins.id),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Every sign-in attempt, successful or not (the settings screens list it by user and date). */
export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When the attempt happened (column created_at). */
    at: createdAt(),
    userId: integer('user_id'),
    username: varchar('username', { length: 254 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
    client: varchar('client', { length: 64 }),
    /** The device that signed in or decided, when one did. */
    device: varchar('device', { length: 128 }),
    flow: varchar('flow', { length: 16 }).notNull(),
    result: varchar('result', { length: 24 }).notNull(),
  },
  (table) => [index('login_history_user_at').on(table.userId, table.at), index('login_history_ip_at').on(table.ip, table.at)],
);

/** Failed passwords and codes per account (keyed by the lower-cased e-mail, so unknown e-mails behave alike). */
export const signInLockouts = pgTable('sign_in_lockouts', {
  username: varchar('username', { length: 254 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: at('window_started_at').notNull(),
  blockedUntil: at('blocked_until'),
});

/** Bot-check solutions already used (each works once), kept until their challenge expires. */
export const altchaSpent = pgTable('altcha_spent', {
  signatureHash: varchar('signature_hash', { length: 64 }).primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/** One-time codes sent to approve a new device by SMS (hashed, 5 minutes). */
export const deviceApprovalCodes = pgTable('device_approval_codes', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => authDevices.id, { onDelete: 'cascade' }),
  methodId: smallint('method_id').notNull(),
  codeHash: varchar('code_hash', { length: 64 }),
  requestKey: uuid('request_key'),
  expiresAt: at('expires_at').notNull(),
});

/** SEI authorizations: the signed-in user continues to a stored path once approved. */
export const seiAuthorizations = pgTable('sei_authorizations', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  path: varchar('path', { length: 512 }).notNull(),
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  approvedAt: at('approved_at'),
});

/** Batches of client analytics events (POST /api/analytics/events): login and bot-check failures. */
export const analyticsBatches = pgTable(
  'analytics_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    eventCount: integer('event_count').notNull(),
    /** The events as sent: name, time, a few flat properties; never personal data or secrets. */
    events: jsonb('events').$type<{ name: string; at: string; properties?: Record<string, string | number | boolean> }[]>().notNull(),
  },
  (table) => [index('analytics_batches_received').on(table.createdAt)],
);
