import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  index,
  uuid,
  varchar,
  customType,
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
  taxSelfCertificationStatus: varchar('tax_self_certification_status', { length: 16 })
    .notNull()
    .default('none'),
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
    /**
     * Issue 15A: a suspended user's access right, kept while access_right is 0 (no access), so
     * every check that reads access_right refuses them at once; null when not suspended.
     */
    suspendedAccessRight: smallint('suspended_access_right'),
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
  (table) => [
    index('sessions_user').on(table.userId),
    uniqueIndex('sessions_refresh_hash').on(table.refreshTokenHash),
  ],
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
  (table) => [
    index('auth_devices_user').on(table.userId),
    uniqueIndex('auth_devices_secret').on(table.secretHash),
  ],
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
  (table) => [
    uniqueIndex('pending_logins_code').on(table.codeHash),
    index('pending_logins_user').on(table.userId),
  ],
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
  (table) => [
    index('login_history_user_at').on(table.userId, table.at),
    index('login_history_ip_at').on(table.ip, table.at),
  ],
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
    events: jsonb('events')
      .$type<
        { name: string; at: string; properties?: Record<string, string | number | boolean> }[]
      >()
      .notNull(),
  },
  (table) => [index('analytics_batches_received').on(table.createdAt)],
);

// ---- Accounts, ledger, rates, payment instructions, announcements, verification (issue 4, helper S1) ----

/** Money columns: exact decimals with 8 places (spec 2 §9 shows up to 8), never floats. */
const money = (name: string) => numeric(name, { precision: 30, scale: 8 });

/**
 * Accounts of customers (spec 2 §3 "Account") and the bank's own system accounts of the ledger.
 * A customer account has customer_id; a system account has system_role ('openingBalance',
 * 'feeRevenue', 'fx', 'clearing') instead, one per role and currency. `balance` (sum of settled
 * postings) and `pending_amount` (money reserved by pending transfers) are caches kept in the
 * transaction of each posting, for customer accounts only: system accounts are never locked or
 * updated, so they do not serialise every transfer; their balance is the sum of their postings.
 * Card accounts carry their card's columns (card logic: modules/cards).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id),
    systemRole: varchar('system_role', { length: 24 }),
    /** 1001 payment, 4001 prepaid funding, 4002 receiving, 2006–2135 card types, 11 closed; 0 for system accounts. */
    type: integer('type').notNull(),
    subType: varchar('sub_type', { length: 8 }).notNull().default('DEBIT'),
    /** Card accounts: the card status id; others: 2 active, 4 closed. */
    accountStatusId: smallint('account_status_id').notNull().default(2),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    balance: money('balance').notNull().default('0'),
    pendingAmount: money('pending_amount').notNull().default('0'),
    /** The lowest balance (after reservations) a transfer may leave; 0 unless an overdraft is agreed. */
    accountBalanceMin: money('account_balance_min').notNull().default('0'),
    name: varchar('name', { length: 128 }),
    cardIsVirtual: boolean('card_is_virtual'),
    cardExpiryMonth: smallint('card_expiry_month'),
    cardExpiryYear: smallint('card_expiry_year'),
    cardReissuedStatusId: smallint('card_reissued_status_id'),
    /** A debit card's settlement account (spec 2 §6: debit card history only for a settlement account). */
    settlementAccountId: integer('settlement_account_id'),
    cardAliasName: varchar('card_alias_name', { length: 64 }),
    cardPanLast4: varchar('card_pan_last4', { length: 4 }),
    /** The full card number, encrypted by modules/cards; never sent except through getCardDetails. */
    cardNumberEncrypted: text('card_number_encrypted'),
    cardBrand: varchar('card_brand', { length: 16 }),
    cardProductType: integer('card_product_type'),
    cardPinHash: text('card_pin_hash'),
    cardStatusChangedAt: timestamp('card_status_changed_at', { withTimezone: true }),
    /** Issue 16C: when the card was enrolled in 3-D Secure (online payments); null when it is not. */
    cardSecureEnrolledAt: timestamp('card_secure_enrolled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('accounts_customer').on(table.customerId, table.accountStatusId, table.id),
    uniqueIndex('accounts_system_role_currency')
      .on(table.systemRole, table.currencyCode)
      .where(sql`${table.systemRole} is not null`),
    // One open payment account and one open funding wallet per currency (addCurrency, createWallet), even under races.
    uniqueIndex('accounts_customer_type_currency')
      .on(table.customerId, table.type, table.currencyCode)
      .where(sql`${table.type} in (1001, 4001) and ${table.accountStatusId} <> 4`),
  ],
);

/**
 * One movement of money (DESIGN.md "The ledger"): its postings sum to zero per currency. Rows are
 * never deleted; status moves pending → settled | rejected and settled → reversed (a reversal is
 * a new transfer with opposite postings, `reverses_transfer_id` pointing back).
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey(),
    /** The customer the transfer was made for (null for bank-internal movements). */
    customerId: integer('customer_id').references(() => customers.id),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    /** SHA-256 of the request that created it: the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }),
    kind: varchar('kind', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    fee: money('fee').notNull().default('0'),
    initiatedByUserId: integer('initiated_by_user_id').references(() => users.id),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id),
    reversesTransferId: uuid('reverses_transfer_id'),
    /** Free data of the kind (description, counterparty, rate used) for history screens. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_transfers_customer_key')
      .on(table.customerId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('ledger_transfers_customer_created').on(table.customerId, table.createdAt),
    index('ledger_transfers_status').on(table.status),
    // History's rejected and processing counts (decision 109): the few open or refused transfers,
    // read from the index alone. Built after the migrations, without blocking writes
    // (db/online-indexes.ts, decision 118).
    index('ledger_transfers_open')
      .on(table.id, table.status)
      .where(sql`${table.status} in ('pending', 'rejected')`),
    // The rail simulator's queue: settled transfers no rail has answered yet. Without it each pass
    // walks every settled transfer (all of history) to find the few still in flight.
    index('ledger_transfers_rail_in_flight')
      .on(table.settledAt, table.id)
      .where(sql`${table.status} = 'settled' and not (${table.details} ? 'railSettledAt')`),
  ],
);

/**
 * The legs of a transfer: signed amounts (negative leaves the account). `pending` legs record a
 * reservation while the transfer is pending; settling adds the settled (pending = false) legs.
 * A balance is the sum of an account's settled legs. Append-only.
 */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    pending: boolean('pending').notNull().default(false),
    /**
     * The transfer's first posting on this account (the lowest id among the transfer's postings on
     * it), set by the posting paths when they write it: history's item is this row (decision 122).
     * No default, so an insert that forgets it fails instead of hiding a transfer from history.
     */
    firstOnAccount: boolean('first_on_account').notNull(),
    /**
     * The sum of the transfer's other postings on this account in the same phase (the same
     * pending flag), so amount + phase_rest is the account's net of that phase, which history
     * shows on the marked posting (decision 128). All legs of a phase are written together
     * (settling writes the settled legs as copies of the pending ones), so it never changes.
     * Zero unless one transfer has two legs on the account. No default, like first_on_account.
     */
    phaseRest: money('phase_rest').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('postings_account').on(table.accountId, table.id),
    index('postings_transfer').on(table.transferId),
    // History pages walk one account's postings newest first (keyset on created_at, id): modules/history.
    index('postings_account_created').on(table.accountId, table.createdAt, table.id),
    // Each account's items that began pending (every leg of a pending or rejected transfer is
    // pending): history's rejected and processing counts read them with the open transfers
    // without touching either table (decisions 109, 122). Built after the migrations, without
    // blocking writes (db/online-indexes.ts, decision 118).
    index('postings_account_pending_first')
      .on(table.accountId, table.transferId)
      .where(sql`${table.pending} and ${table.firstOnAccount}`),
  ],
);

/** Reference rates: units of `quote` per one `base` on a date (ECB daily reference rates, base EUR). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    base: varchar('base', { length: 3 }).notNull(),
    quote: varchar('quote', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    source: varchar('source', { length: 32 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('exchange_rates_base_quote_date').on(table.base, table.quote, table.date),
    index('exchange_rates_date').on(table.date),
  ],
);

/** The bank details a customer gives others to pay into one account (created with the account). */
export const paymentInstructions = pgTable('payment_instructions', {
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .unique()
    .references(() => accounts.id),
  currencyCode: varchar('currency_code', { length: 3 }).notNull(),
  beneficiaryName: varchar('beneficiary_name', { length: 256 }).notNull(),
  bankName: varchar('bank_name', { length: 128 }).notNull(),
  bankAddress: varchar('bank_address', { length: 256 }).notNull(),
  bankAccountNumber: varchar('bank_account_number', { length: 34 }).notNull(),
  iban: varchar('iban', { length: 34 }),
  swift: varchar('swift', { length: 11 }),
  sortCode: varchar('sort_code', { length: 8 }),
  routingNumber: varchar('routing_number', { length: 9 }),
  transitNumber: varchar('transit_number', { length: 5 }),
  institutionNumber: varchar('institution_number', { length: 3 }),
  reference: varchar('reference', { length: 35 }).notNull(),
  viewedAt: timestamp('viewed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** News for customers of one brand (or every brand when brand_id is null); texts per language. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    brandId: varchar('brand_id', { length: 32 }),
    requiresConfirmation: boolean('requires_confirmation').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('announcements_brand_published').on(table.brandId, table.publishedAt)],
);

export const announcementTexts = pgTable(
  'announcement_texts',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id),
    language: varchar('language', { length: 2 }).notNull(),
    title: varchar('title', { length: 256 }).notNull(),
    body: text('body').notNull(),
  },
  (table) => [uniqueIndex('announcement_texts_language').on(table.announcementId, table.language)],
);

/** Read state and answer per customer (a business reads and answers once, whoever of its users does it). */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'accept' | 'decline' once answered. */
    choice: varchar('choice', { length: 8 }),
    answeredByUserId: integer('answered_by_user_id').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('announcement_reads_customer').on(table.announcementId, table.customerId),
  ],
);

/** Compliance state behind the account-status banner (spec 2 §4 "Customer verification states"). */
export const customerVerification = pgTable('customer_verification', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  finalReview: boolean('final_review').notNull().default(false),
  verificationInProgress: boolean('verification_in_progress').notNull().default(false),
  /** Limit reasons: 'expiredDocuments' | 'unpaidInvoice' | 'sanctions' | 'adverseMedia' | 'accountInvestigation'. */
  limitReasons: jsonb('limit_reasons').$type<string[]>().notNull().default([]),
  limitDocumentsUploaded: boolean('limit_documents_uploaded').notNull().default(false),
  /** null: no duplicate documents found; 'uploaded' | 'notUploaded' otherwise. */
  duplicateDocuments: varchar('duplicate_documents', { length: 16 }),
  taxFormStatus: varchar('tax_form_status', { length: 16 }).notNull().default('none'),
  videoIdentityStatus: varchar('video_identity_status', { length: 16 }).notNull().default('none'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Documents a customer uploaded (spec 2 §3 "Uploaded document"; status ids spec 2 §4). */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    documentTypeId: integer('document_type_id').notNull(),
    categoryId: smallint('category_id').notNull(),
    statusId: smallint('status_id').notNull(),
    issuedDate: date('issued_date', { mode: 'string' }),
    expiresDate: date('expires_date', { mode: 'string' }),
    rejectReason: varchar('reject_reason', { length: 256 }),
    createdAt: createdAt(),
  },
  (table) => [index('customer_documents_customer').on(table.customerId)],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    address1: varchar('address1', { length: 256 }).notNull(),
    address2: varchar('address2', { length: 256 }),
    city: varchar('city', { length: 128 }).notNull(),
    postalCode: varchar('postal_code', { length: 32 }),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    stateCode: varchar('state_code', { length: 8 }),
    /** 'unconfirmed' | 'confirmed' | 'pending' | 'rejected' | 'nameMismatch'. */
    addressStatus: varchar('address_status', { length: 16 }).notNull().default('unconfirmed'),
    isDocumentOutOfDate: boolean('is_document_out_of_date').notNull().default(false),
    isCardDocumentRequired: boolean('is_card_document_required').notNull().default(false),
    proofOfResidenceStatus: varchar('proof_of_residence_status', { length: 16 })
      .notNull()
      .default('none'),
    createdAt: createdAt(),
    /** Profile (issue 6): a pending replacement names the address it replaces once confirmed. */
    replacesAddressId: integer('replaces_address_id'),
    /** Profile (issue 6): a proof-of-address document must be reviewed before the address counts as confirmed. */
    requiresDocument: boolean('requires_document').notNull().default(false),
  },
  (table) => [index('customer_addresses_customer').on(table.customerId)],
);

export const customerIdentities = pgTable(
  'customer_identities',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    typeId: smallint('type_id').notNull(),
    number: varchar('number', { length: 64 }),
    /** 'validated' | 'pending' | 'none' | 'rejected' | 'nameMismatch' | 'canceled'. */
    status: varchar('status', { length: 16 }).notNull(),
    issuedDate: date('issued_date', { mode: 'string' }),
    expiresDate: date('expires_date', { mode: 'string' }),
    rejectReason: varchar('reject_reason', { length: 256 }),
    createdAt: createdAt(),
  },
  (table) => [index('customer_identities_customer').on(table.customerId)],
);

export const customerPhones = pgTable(
  'customer_phones',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    createdAt: createdAt(),
    /** Profile (issue 6): 2 is the mobile phone (spec 2 §7 "phoneType 2"). */
    phoneType: smallint('phone_type').notNull().default(2),
    /** Profile (issue 6): an unconfirmed replacement names the phone it replaces; that one stays until this is confirmed. */
    replacesPhoneId: integer('replaces_phone_id'),
  },
  (table) => [index('customer_phones_customer').on(table.customerId)],
);

/** Single-use download links of generated PDFs (`/api/pdf/files/{token}`): the token is stored hashed. */
export const pdfDownloads = pgTable(
  'pdf_downloads',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    /** The generator's name, e.g. 'accountConfirmation'. */
    document: varchar('document', { length: 48 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What the generator needs to draw the document again: e.g. { accountId, lang, brandId }. */
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('pdf_downloads_expires').on(table.expiresAt)],
);

// ---- Cards: applications, card details, BIN directory, external cards (issue 4, helper S2) ----

/**
 * An application for a new card (applyCard): what was asked and the fees quoted. Nothing is
 * charged until it is confirmed; confirming charges the fees and creates the card account in the
 * same transaction. (customer_id, idempotency_key) is unique: a retried applyCard answers the first.
 */
export const cardApplications = pgTable(
  'card_applications',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** SHA-256 of the request: the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** The product (card account type 2006–2135). */
    cardType: integer('card_type').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    /** 'none' (virtual), 'standard' or 'express'. */
    shippingType: varchar('shipping_type', { length: 16 }).notNull(),
    feeAccountId: integer('fee_account_id')
      .notNull()
      .references(() => accounts.id),
    issueFee: money('issue_fee').notNull(),
    shippingFee: money('shipping_fee').notNull(),
    /** 'pending' until confirmed, then 'confirmed'. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    cardAccountId: integer('card_account_id').references(() => accounts.id),
    feeTransferId: uuid('fee_transfer_id'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('card_applications_customer_key').on(table.customerId, table.idempotencyKey),
  ],
);

/**
 * What a card account needs beyond its accounts row (whose card_number_encrypted holds the PAN):
 * the CVV and PIN sealed with the card vault (modules/cards/vault.ts), the holder name printed on
 * it, how it ships, and the card it replaces. pan_fingerprint (keyed HMAC) keeps card numbers unique.
 */
export const cardDetails = pgTable(
  'card_details',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id),
    panFingerprint: varchar('pan_fingerprint', { length: 64 }).notNull(),
    cvvEncrypted: text('cvv_encrypted').notNull(),
    /** Physical cards only; virtual cards have no PIN. */
    pinEncrypted: text('pin_encrypted'),
    pinChangedAt: timestamp('pin_changed_at', { withTimezone: true }),
    holderName: varchar('holder_name', { length: 64 }).notNull(),
    /** 'none' (virtual), 'standard' or 'express'. */
    shippingType: varchar('shipping_type', { length: 16 }).notNull(),
    reissuedFromAccountId: integer('reissued_from_account_id').references(() => accounts.id),
    applicationId: integer('application_id').references(() => cardApplications.id),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('card_details_pan_fingerprint').on(table.panFingerprint)],
);

/**
 * A step-up before a card's secrets are shown (issue 13): the PIN, or a virtual card's number,
 * expiry and CVV, are revealed only with the user's own second factor, once per step-up. Codes
 * (SMS, e-mail) are stored hashed and bound to the card and the secret; push waits on
 * device_request_key; TOTP is checked against the user's secret. Lapses after 5 minutes or 5
 * wrong codes.
 */
export const cardSecretReveals = pgTable(
  'card_secret_reveals',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'pin' or 'details'. */
    secret: varchar('secret', { length: 8 }).notNull(),
    approveType: smallint('approve_type').notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    deviceRequestKey: uuid('device_request_key'),
    attempts: smallint('attempts').notNull().default(0),
    /** pending, revealed, rejected, superseded. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('card_secret_reveals_user').on(table.userId, table.createdAt)],
);

/**
 * The BIN directory behind getBinInfo: ranges of the first six digits of card numbers, inclusive.
 * Fictional test ranges (modules/cards/bin-directory.ts), one set marked as our own issuer's.
 */
export const binRanges = pgTable(
  'bin_ranges',
  {
    id: serial('id').primaryKey(),
    binFrom: varchar('bin_from', { length: 6 }).notNull(),
    binTo: varchar('bin_to', { length: 6 }).notNull(),
    issuer: varchar('issuer', { length: 128 }).notNull(),
    cardBrand: varchar('card_brand', { length: 16 }).notNull(),
    cardCategory: varchar('card_category', { length: 32 }).notNull(),
    /** 'debit' or 'credit'. */
    cardType: varchar('card_type', { length: 8 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    isCommercial: boolean('is_commercial').notNull().default(false),
    isPrepaid: boolean('is_prepaid').notNull().default(false),
    isOwnIssuer: boolean('is_own_issuer').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('bin_ranges_from_to').on(table.binFrom, table.binTo)],
);

/**
 * Another bank's card a customer links (/add-card). The number is sealed; a small random charge
 * proves the customer holds the card: they read it on their statement and type it back (three tries).
 */
export const externalCards = pgTable(
  'external_cards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    cardNumberEncrypted: text('card_number_encrypted').notNull(),
    panFingerprint: varchar('pan_fingerprint', { length: 64 }).notNull(),
    panLast4: varchar('pan_last4', { length: 4 }).notNull(),
    cardBrand: varchar('card_brand', { length: 16 }),
    issuer: varchar('issuer', { length: 128 }),
    expiryMonth: smallint('expiry_month').notNull(),
    expiryYear: smallint('expiry_year').notNull(),
    holderName: varchar('holder_name', { length: 64 }).notNull(),
    /** 'pendingVerification', 'verified' or 'failed'. */
    status: varchar('status', { length: 24 }).notNull().default('pendingVerification'),
    attemptsLeft: smallint('attempts_left').notNull().default(3),
    verificationAmount: money('verification_amount').notNull(),
    verificationCurrency: varchar('verification_currency', { length: 3 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('external_cards_customer_key').on(table.customerId, table.idempotencyKey),
    // One live link of a card per customer; a deleted or failed one may be linked again.
    uniqueIndex('external_cards_customer_card')
      .on(table.customerId, table.panFingerprint)
      .where(sql`${table.deletedAt} is null and ${table.status} <> 'failed'`),
    index('external_cards_customer').on(table.customerId, table.id),
  ],
);

// ---- Profile: e-mails, contact codes, username changes, notification settings (issue 6, helper S6a) ----

/**
 * A customer's e-mail addresses (spec 2 §7 "E-mail: add, confirm, request, delete, set primary").
 * The primary one is where the bank writes; the login stays users.email (changed only through a
 * reviewed username-change request).
 */
export const customerEmails = pgTable(
  'customer_emails',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    email: varchar('email', { length: 254 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('customer_emails_customer_email').on(table.customerId, sql`lower(${table.email})`),
    // One primary address per customer, even when two requests race.
    uniqueIndex('customer_emails_one_primary')
      .on(table.customerId)
      .where(sql`${table.isPrimary}`),
  ],
);

/**
 * Codes that confirm an e-mail or a phone: six digits to type (and, for e-mail, a long random link
 * token), both stored hashed; 5 minutes, 5 wrong tries, only the newest per target works.
 */
export const contactCodes = pgTable(
  'contact_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'email' (customer_emails.id) or 'phone' (customer_phones.id). */
    target: varchar('target', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    linkTokenHash: varchar('link_token_hash', { length: 64 }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when used, replaced by a newer code, or out of tries. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_codes_target').on(table.target, table.targetId, table.createdAt),
    // The per-customer limit on codes sent counts by customer and hour.
    index('contact_codes_customer').on(table.customerId, table.createdAt),
    uniqueIndex('contact_codes_link').on(table.linkTokenHash),
  ],
);

/** Requests to change the login e-mail, reviewed by the bank (spec 2 §7 "Username-change requests"). */
export const usernameChangeRequests = pgTable(
  'username_change_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    newUsername: varchar('new_username', { length: 254 }).notNull(),
    /** 'pending' | 'approved' | 'rejected'. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('username_change_requests_customer').on(table.customerId, table.createdAt),
    uniqueIndex('username_change_requests_one_pending')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** A user's notification choices for one customer; a setting without a row has its catalogue default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    identified: varchar('identified', { length: 48 }).notNull(),
    value: boolean('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_settings_key').on(table.customerId, table.userId, table.identified),
  ],
);

// ---- Security centre: IP whitelist, pending password and two-step changes, payout blacklist (issue 6, helper S6b) ----

/** Whether a user's IP whitelist is on (no row: off). While on, sign-in and API calls from elsewhere are refused (IPW). */
export const ipWhitelistSettings = pgTable('ip_whitelist_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One allowed address, or a range ip..to_ip of one family, as the user typed it (compared parsed). */
export const ipWhitelistEntries = pgTable(
  'ip_whitelist_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: varchar('ip', { length: 45 }).notNull(),
    toIp: varchar('to_ip', { length: 45 }),
    createdAt: createdAt(),
  },
  (table) => [index('ip_whitelist_entries_user').on(table.userId, table.id)],
);

/**
 * A password change waiting for the e-mailed code: the new password is hashed at once, the code is
 * stored hashed; it lapses after 5 minutes or 5 wrong codes. status: pending | done | canceled | failed | superseded.
 */
export const passwordChangeRequests = pgTable(
  'password_change_requests',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    newPasswordHash: text('new_password_hash').notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('password_change_requests_user').on(table.userId, table.status)],
);

/**
 * A change of the sign-in (users.login_2fa_mode) or transaction (customers.transaction_approve_mode)
 * second factor, waiting for the CURRENT factor: confirm_with says which (otp | sms | push | email);
 * sms/email codes are stored hashed, push waits on device_request_key. Switching to a TOTP app keeps
 * the new secret here until a code from it confirms. Lapses after 5 minutes or 5 wrong codes.
 */
export const twoStepChangeRequests = pgTable(
  'two_step_change_requests',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'login' or 'transaction'. */
    target: varchar('target', { length: 16 }).notNull(),
    /** The new mode as text: 'no' | 'otp' | 'sms' | 'push' for login, '0'..'4' for transactions. */
    newMode: varchar('new_mode', { length: 8 }).notNull(),
    confirmWith: varchar('confirm_with', { length: 8 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    deviceRequestKey: uuid('device_request_key'),
    /** Set when the current TOTP code was given with the request: the confirmation needs no second one. */
    factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
    newTotpSecret: varchar('new_totp_secret', { length: 128 }),
    attempts: smallint('attempts').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('two_step_change_requests_user').on(table.userId, table.status)],
);

/** People a customer refuses payouts to: block_type 'p2p' (P2P transfers) or 'all' (every payout). */
export const payoutBlacklist = pgTable(
  'payout_blacklist',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Lower-cased. */
    email: varchar('email', { length: 254 }).notNull(),
    blockType: varchar('block_type', { length: 8 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('payout_blacklist_customer_email').on(table.customerId, table.email)],
);

/** The phone app a session signed in through (direct flow), so the device list can mark the current one. */
export const sessionDevices = pgTable('session_devices', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id),
  deviceId: integer('device_id')
    .notNull()
    .references(() => authDevices.id, { onDelete: 'cascade' }),
});

// ---- Money movement: permissions, fees, limits, confirmations, approvals, recurring transfers (issue 5, helper S5a) ----

/**
 * Transfer permission flags of one user acting for one customer (spec 2 §6): `group.operation`
 * keys (ownAccount.betweenAccounts, otherPerson.p2p, …); a missing flag or row is false.
 */
export const transferPermissions = pgTable(
  'transfer_permissions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
    updatedAt: createdAt(),
  },
  (table) => [uniqueIndex('transfer_permissions_user_customer').on(table.userId, table.customerId)],
);

/**
 * Fee of an operation per brand: fixed + percent of the amount, at least min_fee and (when set) at
 * most max_fee, in the source currency. A currency-specific rule wins over the brand's general one.
 */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: serial('id').primaryKey(),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    /** betweenAccounts, betweenAccountsFx (different currencies), p2p. */
    operation: varchar('operation', { length: 32 }).notNull(),
    currencyCode: varchar('currency_code', { length: 3 }),
    fixed: money('fixed').notNull().default('0'),
    percent: numeric('percent', { precision: 9, scale: 4 }).notNull().default('0'),
    minFee: money('min_fee').notNull().default('0'),
    maxFee: money('max_fee'),
  },
  (table) => [index('fee_rules_brand_operation').on(table.brandId, table.operation)],
);

/** A customer's outgoing limit per period ('single', 'daily', 'monthly') for accounts in one currency. */
export const transferLimits = pgTable(
  'transfer_limits',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    period: varchar('period', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
  },
  (table) => [
    uniqueIndex('transfer_limits_customer_currency_period').on(
      table.customerId,
      table.currencyCode,
      table.period,
    ),
  ],
);

/**
 * The second factor of one pending transfer (spec 2 §4 "Transaction approval"): the id is the
 * operationId. A code is stored hashed with the operation and its binding (amount + payee), so it
 * confirms this transfer only; 5 minutes, 5 tries.
 */
export const transactionConfirmations = pgTable(
  'transaction_confirmations',
  {
    id: uuid('id').primaryKey(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The user who must confirm (the initiator). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    approveType: smallint('approve_type').notNull(),
    /** SHA-256 of the amount, currency and payee the customer approves (PSD2 dynamic linking). */
    binding: varchar('binding', { length: 64 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    deviceRequestKey: uuid('device_request_key'),
    sentTo: varchar('sent_to', { length: 254 }),
    attempts: smallint('attempts').notNull().default(0),
    resends: smallint('resends').notNull().default(0),
    /** pending, confirmed, rejected, expired. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('transaction_confirmations_status').on(table.status, table.expiresAt),
    uniqueIndex('transaction_confirmations_transfer').on(table.transferId),
  ],
);

/**
 * A business maker-checker request: a user with initiate access (3) asked for a transfer; nothing
 * is reserved until a full-access user other than the initiator approves it.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    transactionType: varchar('transaction_type', { length: 32 }).notNull(),
    /** The initiator's validated request, executed as such on approval. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    description: varchar('description', { length: 256 }),
    batchId: integer('batch_id'),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    transferId: uuid('transfer_id'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    // ---- issue 15B: complete approvals ----
    /** Approvals it needs (the company's policy when it was made; 1 is the spec's default). */
    requiredApprovals: smallint('required_approvals').notNull().default(1),
    /** What the approver is shown and approves (source, destination, amounts, rate, fee, reference). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    /** Why it was declined, shown to the initiator. */
    declineReason: varchar('decline_reason', { length: 256 }),
  },
  (table) => [
    uniqueIndex('approval_requests_customer_key').on(table.customerId, table.idempotencyKey),
    index('approval_requests_customer_status').on(table.customerId, table.status, table.createdAt),
  ],
);

/** A recurring transfer between own accounts (the subscription* fields), run by the scheduler. */
export const recurringTransfers = pgTable(
  'recurring_transfers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => accounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => accounts.id),
    toAmount: money('to_amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    frequency: varchar('frequency', { length: 8 }).notNull(),
    endDate: date('end_date'),
    /** Executions left after the first; null: until end_date or cancelled. */
    transactionsLeft: integer('transactions_left'),
    executed: integer('executed').notNull().default(0),
    userCancel: boolean('user_cancel').notNull().default(false),
    /** active, finished, canceled, failed. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastError: varchar('last_error', { length: 256 }),
    /** The submitted transfer that started the series: it runs on only once that one settled. */
    firstTransferId: uuid('first_transfer_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('recurring_transfers_due').on(table.status, table.nextRunAt),
    index('recurring_transfers_customer').on(table.customerId),
  ],
);

// ---- Bank directory, blocked BINs and payment templates (issue 5, helper H1a) ----

/**
 * A bank (or the office a national bank code stands for) in the directory behind the bank lists,
 * the SWIFT and IBAN lookups and the EFT bank codes. `bankCode` is the national code (BLZ, code
 * banque, COMPE, zengin…); `ibanBankCode` the identifier an IBAN carries when it differs (Brazil's
 * ISPB), else the same. `swift` is stored with 11 characters (head office "XXX").
 */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    bankCode: varchar('bank_code', { length: 16 }).notNull(),
    ibanBankCode: varchar('iban_bank_code', { length: 16 }),
    name: varchar('name', { length: 128 }).notNull(),
    swift: varchar('swift', { length: 11 }),
    address: varchar('address', { length: 256 }).notNull(),
    city: varchar('city', { length: 128 }).notNull(),
    zipCode: varchar('zip_code', { length: 16 }).notNull(),
    /** Takes part in the country's instant-payment scheme (PIX in Brazil). */
    instantPayments: boolean('instant_payments').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('banks_country_code').on(table.countryCode, table.bankCode),
    index('banks_country_iban_code').on(table.countryCode, table.ibanBankCode),
    index('banks_swift').on(table.swift),
  ],
);

/** A branch of a directory bank: GB sort codes, FR guichets, JP/HK/LK branch codes, BR agências. */
export const bankBranches = pgTable(
  'bank_branches',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.id),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    address: varchar('address', { length: 256 }).notNull(),
    city: varchar('city', { length: 128 }).notNull(),
    zipCode: varchar('zip_code', { length: 16 }).notNull(),
    /** The branch's own BIC, when it has one. */
    swift: varchar('swift', { length: 11 }),
  },
  (table) => [
    uniqueIndex('bank_branches_bank_code').on(table.bankId, table.code),
    index('bank_branches_swift').on(table.swift),
  ],
);

/** Card BIN prefixes (6 to 8 digits) that card payouts (OCT) are refused to. */
export const blockedBins = pgTable('blocked_bins', {
  id: serial('id').primaryKey(),
  bin: varchar('bin', { length: 8 }).notNull().unique(),
  reason: varchar('reason', { length: 128 }).notNull(),
  createdAt: createdAt(),
});

/** A customer's saved wire or EFT payee (spec 2 §3 "Beneficiaries"); bank_details as the contract's schema of its type. */
export const paymentTemplates = pgTable(
  'payment_templates',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    /** 'wire' or 'eft'. */
    type: varchar('type', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    bankDetails: jsonb('bank_details').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_templates_customer_type_name').on(
      table.customerId,
      table.type,
      sql`lower(${table.name})`,
    ),
  ],
);

/** Raw bytes (export files are stored in chunks so neither writing nor serving one holds it whole). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A file made in the background from the ledger (modules/history/exports.ts): a monthly statement
 * (source 'monthly', PDF or CSV) or a filtered history (source 'history', CSV). Claimed by one node
 * with SKIP LOCKED; progress 0–100 while it runs.
 */
export const historyExports = pgTable(
  'history_exports',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** 'monthly' or 'history'. */
    source: varchar('source', { length: 8 }).notNull(),
    /** 'pdf' or 'csv'. */
    format: varchar('format', { length: 4 }).notNull(),
    /** Monthly statements: YYYY-MM. */
    yearMonth: varchar('year_month', { length: 7 }),
    /** The history filter (source 'history') and the language of the file. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** 'queued', 'running', 'ready' or 'failed'. */
    status: varchar('status', { length: 8 }).notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }),
    rowCount: integer('row_count'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** While running: the node's lease; a job whose lease ran out is taken over by another pass. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('history_exports_customer_source').on(table.customerId, table.source, table.id),
    index('history_exports_status').on(table.status),
  ],
);

/** The bytes of an export file, in order. */
export const historyExportChunks = pgTable(
  'history_export_chunks',
  {
    exportId: integer('export_id')
      .notNull()
      .references(() => historyExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (table) => [uniqueIndex('history_export_chunks_export_seq').on(table.exportId, table.seq)],
);

/** An uploaded batch (mass) transfer file and what became of it (spec 2 §3 "Mass and global batch"). */
export const batchTransfers = pgTable(
  'batch_transfers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    name: varchar('name', { length: 128 }).notNull(),
    /** A mass-transfer type: wire, eft, oct, instant_payment, interac, p2p, digital, global_payout. */
    type: varchar('type', { length: 16 }).notNull(),
    /** 'uploaded', 'processing', 'completed', 'partiallyCompleted' or 'failed'. */
    status: varchar('status', { length: 20 }).notNull(),
    paymentsCount: integer('payments_count').notNull(),
    totalAmount: money('total_amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    contentType: varchar('content_type', { length: 64 }).notNull().default('text/csv'),
    /** The uploaded file as CSV (an XLSX is kept as the CSV of its first sheet; at most 5 MB). */
    fileContent: text('file_content').notNull(),
    createdAt: createdAt(),
    /** Issue 17: SHA-256 of the uploaded bytes (or pasted text): an identical batch answers 92. Null for seeded rows. */
    fileHash: varchar('file_hash', { length: 64 }),
    /** Issue 17: the batch whose failed and returned rows this one re-submits. */
    resubmitOfBatchId: integer('resubmit_of_batch_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('batch_transfers_customer_created').on(table.customerId, table.createdAt, table.id),
    index('batch_transfers_identical').on(table.customerId, table.accountId, table.fileHash),
  ],
);

/*
 * Issue 17 (modules/mass-transfers): one row of a mass batch as the workbench shows it and as
 * submit pays it. `fields` are the row's cells by column key (domain MASS_COLUMNS), `errors` the
 * per-cell i18n keys ('_' for the row). Rows are created with their batch and never deleted: a
 * dropped row is status 'removed'.
 */
export const batchTransferRows = pgTable(
  'batch_transfer_rows',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batchTransfers.id),
    rowNumber: integer('row_number').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    errors: jsonb('errors').$type<Record<string, string>>().notNull().default({}),
    /** domain MASS_ROW_STATUSES: invalid, valid, removed, pending, submitted, settled, failed, returned. */
    status: varchar('status', { length: 12 }).notNull(),
    /** The amount once it reads as one, in the batch account's currency. */
    amount: money('amount'),
    fee: money('fee'),
    /** The transfer that paid the row. */
    transferId: uuid('transfer_id'),
    failureReason: varchar('failure_reason', { length: 64 }),
    /** Derived from the batch and the row at submit: a retried submit never pays a row twice. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index holds the status: submit writes every row's status, transfer and key once more,
  // and with none of those columns indexed and room left on each page (fillfactor 45, set by
  // migration 0034) PostgreSQL writes each new version beside the old one without touching an
  // index (a HOT update, decision 125). A batch's rows are read through batch_row, at most
  // MASS_MAX_ROWS of them, with the status as a filter.
  (table) => [uniqueIndex('batch_transfer_rows_batch_row').on(table.batchId, table.rowNumber)],
);

/*
 * Identity verification (issue 14, modules/identity-verification): checks run by the hosted KYC
 * provider simulators jmo and nfd (spec 1 §3), the pictures the customer gave them, and the
 * callback event ids already accepted (replay protection).
 */

/** One identity check: started by the bank, completed on the provider's page, answered by its signed callback. */
export const identityWorkflowRuns = pgTable(
  'identity_workflow_runs',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** The user who started it (a business representative checks their own identity for the company). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'jmo' | 'nfd'. */
    provider: varchar('provider', { length: 8 }).notNull(),
    /** 'document' (front, back, selfie) | 'video' (video identification). */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** SHA-256 of the link's token: the link is the customer's only credential at the provider. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** 'started' | 'submitted' | 'completed' | 'expired'. */
    state: varchar('state', { length: 12 }).notNull().default('started'),
    /** 'accepted' | 'rejected' | 'nameMismatch', once the provider answered. */
    outcome: varchar('outcome', { length: 16 }),
    /** The provider's reason code for a refusal (IDV_REJECT_REASONS). */
    reason: varchar('reason', { length: 64 }),
    /** The customer_identities row the callback recorded. */
    identityId: integer('identity_id').references(() => customerIdentities.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * 'self': the customer checks their own identity; 'merchant': a person a merchant asked to prove
     * who they are (merchant_identity_requests, issue 18): its result is the request's, not the
     * customer's identity.
     */
    purpose: varchar('purpose', { length: 12 }).notNull().default('self'),
  },
  (table) => [
    uniqueIndex('identity_workflow_runs_token').on(table.tokenHash),
    index('identity_workflow_runs_customer').on(table.customerId, table.id),
  ],
);

/** A picture given to the provider for a check (one per step; a new one replaces the old). */
export const identityWorkflowImages = pgTable(
  'identity_workflow_images',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => identityWorkflowRuns.id, { onDelete: 'cascade' }),
    /** 'front' | 'back' | 'selfie'. */
    step: varchar('step', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** From the content, never the declared type: image/jpeg, image/png or image/heic. */
    contentType: varchar('content_type', { length: 32 }).notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('identity_workflow_images_run_step').on(table.runId, table.step)],
);

/** Callback event ids a provider already delivered: a second delivery is a replay. */
export const identityCallbackEvents = pgTable(
  'identity_callback_events',
  {
    provider: varchar('provider', { length: 8 }).notNull(),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('identity_callback_events_id').on(table.provider, table.eventId)],
);

/* ---- Documents and addresses (issue 14, modules/documents) ---- */

/**
 * What an upload said beside the document row (spec 2 §3 "Document upload"): the country the
 * document is from, the address it proves (proof of address), who uploaded it and whether it
 * answers due diligence. One row per customer_documents row the upload made.
 */
export const customerDocumentDetails = pgTable(
  'customer_document_details',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => customerDocuments.id),
    /** Null for documents that came before uploads recorded it (seeded ones). */
    countryCode: varchar('country_code', { length: 2 }),
    /** No foreign key: a replaced or withdrawn address row goes, the document's record stays. */
    addressId: integer('address_id'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id),
    relationshipDocumentTypeId: integer('relationship_document_type_id'),
    isDueDiligence: boolean('is_due_diligence').notNull().default(false),
    /** The expiry job wrote the "expires soon" notice for this document (once). */
    expiringNoticeAt: timestamp('expiring_notice_at', { withTimezone: true }),
  },
  (table) => [index('customer_document_details_address').on(table.addressId)],
);

/** The files of an uploaded document (mainDocument, relationshipDocument, additionalDocument), kept in the database. */
export const customerDocumentFiles = pgTable(
  'customer_document_files',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => customerDocuments.id),
    /** 'mainDocument' | 'relationshipDocument' | 'additionalDocument'. */
    part: varchar('part', { length: 24 }).notNull(),
    /** Told from the content: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/heic'. */
    mimeType: varchar('mime_type', { length: 32 }).notNull(),
    fileName: varchar('file_name', { length: 128 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** A password-protected PDF; its password is kept for compliance to open it. */
    encrypted: boolean('encrypted').notNull().default(false),
    password: varchar('password', { length: 128 }),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('customer_document_files_part').on(table.documentId, table.part)],
);

// ---- Issue 15D: company details and payment e-mails (modules/company) ----

/**
 * The business company info of spec 2 §3 that the customers row does not hold: legal facts
 * (registration, set by the bank), contact details the company keeps up to date, and the financial
 * details and due-diligence answers (structured, see packages/contract company/methods.ts).
 */
export const companyDetails = pgTable('company_details', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  tradingName: varchar('trading_name', { length: 256 }),
  registrationCountryCode: varchar('registration_country_code', { length: 2 }),
  registrationNumber: varchar('registration_number', { length: 64 }),
  registrationDate: date('registration_date', { mode: 'string' }),
  businessTaxId: varchar('business_tax_id', { length: 64 }),
  email: varchar('email', { length: 254 }),
  website: varchar('website', { length: 256 }),
  description: varchar('description', { length: 1000 }),
  phoneCountryCode: varchar('phone_country_code', { length: 2 }),
  phoneNumber: varchar('phone_number', { length: 32 }),
  /** { address1, address2, city, postalCode, countryCode }: where the company is registered (legal fact). */
  registeredAddress: jsonb('registered_address').$type<Record<string, string | null>>(),
  /** The same shape: where it trades or takes post, kept by the company. */
  tradingAddress: jsonb('trading_address').$type<Record<string, string | null>>(),
  financialDetail: jsonb('financial_detail').$type<Record<string, unknown>>(),
  dueDiligence: jsonb('due_diligence').$type<Record<string, unknown>>(),
  isConverted: boolean('is_converted').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's payment e-mail addresses (/company-emails), each confirmed by a code sent to it. */
export const companyPaymentEmails = pgTable(
  'company_payment_emails',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    email: varchar('email', { length: 254 }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: smallint('code_attempts').notNull().default(0),
    codesSent: smallint('codes_sent').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('company_payment_emails_unique').on(table.customerId, sql`lower(${table.email})`),
  ],
);

// ---- Business approvals, complete (issue 15, helper 15B) ----

/**
 * A company's approval policy (beyond spec 2 §4, as Revolut Business and Wise Business offer it):
 * rules "above this amount, N approvers", the amount in the policy's currency. No row: one approver.
 */
export const approvalPolicies = pgTable('approval_policies', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  currencyCode: varchar('currency_code', { length: 3 }).notNull(),
  /** [{ aboveAmount: '5000', approvals: 2 }, …]: the highest rule the amount exceeds decides. */
  rules: jsonb('rules').$type<{ aboveAmount: string; approvals: number }[]>().notNull(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  updatedAt: createdAt(),
});

/** One approver's approval of one request: each approver counts once (the unique index holds it). */
export const approvalVotes = pgTable(
  'approval_votes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => approvalRequests.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    decisionId: uuid('decision_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('approval_votes_request_user').on(table.requestId, table.userId)],
);

/**
 * An approver's decision waiting for their own second factor (the approvalTransactionId): the
 * requests, approve or decline, and the code bound to their amounts and payees; 5 minutes, 5 tries.
 */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: uuid('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    requestIds: jsonb('request_ids').$type<number[]>().notNull(),
    declined: boolean('declined').notNull(),
    reason: varchar('reason', { length: 256 }),
    approveType: smallint('approve_type').notNull(),
    /** SHA-256 of each request's amount, currency, fee and payee and of the decision. */
    binding: varchar('binding', { length: 64 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }),
    deviceRequestKey: uuid('device_request_key'),
    sentTo: varchar('sent_to', { length: 254 }),
    attempts: smallint('attempts').notNull().default(0),
    resends: smallint('resends').notNull().default(0),
    /** pending, confirmed, rejected, expired, superseded. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [index('approval_decisions_user_status').on(table.userId, table.status)],
);

// ---- Invoices and money requests (issue 16A) ----

/**
 * An invoice or a money request (kind) one customer (the payee, who sends it) addresses to an
 * e-mail (the payer). The money lands in payee_account_id, the payee's payment account in the
 * invoice's currency. payer_customer_id is known when the e-mail was a customer of the brand at
 * creation, or once its payer pays; until then a customer of the brand with that confirmed e-mail
 * sees it. Its public links are invoice_links. Paid once: the row is locked and
 * payment_transfer_id names the ledger transfer (idempotency key invoice-<id>, or
 * invoice-<id>-<n> after a payment that was declined).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    /** invoice, request. */
    kind: varchar('kind', { length: 16 }).notNull(),
    payeeCustomerId: integer('payee_customer_id')
      .notNull()
      .references(() => customers.id),
    payeeUserId: integer('payee_user_id')
      .notNull()
      .references(() => users.id),
    payeeAccountId: integer('payee_account_id')
      .notNull()
      .references(() => accounts.id),
    /** Lower case. */
    payerEmail: varchar('payer_email', { length: 254 }).notNull(),
    payerCustomerId: integer('payer_customer_id').references(() => customers.id),
    payerAccountId: integer('payer_account_id').references(() => accounts.id),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    /** unpaid, awaitingPayment, paid, rejected, cancelled, overdue (contract INVOICE_STATUSES). */
    status: varchar('status', { length: 24 }).notNull().default('unpaid'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    noteBody: varchar('note_body', { length: 500 }),
    rejectNote: varchar('reject_note', { length: 500 }),
    /** The sender's language when sent: e-mails to a payer who is not a customer use it. */
    language: varchar('language', { length: 2 }).notNull(),
    /** The site it was sent from: the public links of its e-mails (reminders too) point there. */
    linkOrigin: varchar('link_origin', { length: 256 }).notNull(),
    paymentTransferId: uuid('payment_transfer_id').references(() => ledgerTransfers.id),
    /** Payments started and declined before (the next one's ledger key counts them). */
    paymentAttempts: smallint('payment_attempts').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidFee: money('paid_fee'),
    paidTotal: money('paid_total'),
    paidCurrencyCode: varchar('paid_currency_code', { length: 3 }),
    /** Reminder bookkeeping of the scheduled job: a few days before the due date, and on it. */
    reminderBeforeSentAt: timestamp('reminder_before_sent_at', { withTimezone: true }),
    reminderDueSentAt: timestamp('reminder_due_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoices_payment_transfer').on(table.paymentTransferId),
    index('invoices_payee').on(table.payeeCustomerId, table.createdAt),
    index('invoices_payer').on(table.payerCustomerId, table.createdAt),
    index('invoices_payer_email').on(table.brandId, table.payerEmail),
    index('invoices_open_due').on(table.status, table.dueDate),
  ],
);

/**
 * The public links of an invoice (/invoice/<token>): one per e-mail that carries one (sent,
 * reminders) and the sender's shared link; each token stored as its SHA-256 only.
 */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    createdAt: createdAt(),
  },
  (table) => [index('invoice_links_invoice').on(table.invoiceId)],
);
// ── Funding invoices (issue 16B) ────────────────────────────────────────────────────────────────

/**
 * A funding invoice: the customer asked to add `amount` to one of their accounts by bank transfer
 * quoting `reference` (an RF creditor reference, unique). Status 1 awaiting payment, 2 paid,
 * 3 cancelled (packages/domain/src/funding.ts); paid once, by the incoming transfer paidTransferId.
 */
export const fundingInvoices = pgTable(
  'funding_invoices',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    reference: varchar('reference', { length: 25 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    statusId: smallint('status_id').notNull().default(1),
    amountReceived: money('amount_received'),
    paidTransferId: uuid('paid_transfer_id'),
    /** The browser's key of the create: a retry answers the first invoice. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('funding_invoices_reference').on(table.reference),
    uniqueIndex('funding_invoices_customer_key').on(table.customerId, table.idempotencyKey),
    index('funding_invoices_customer_created').on(table.customerId, table.createdAt),
  ],
);
// ── Global payouts (issue 17C) ──────────────────────────────────────────────────────────────────

/**
 * A global-pay batch of a business (spec 2 §3 "Mass and global batch"): draft until submitted,
 * then running while any payment waits, done after. `contentHash` finds an identical batch (92);
 * `reserveTransferId` is the one ledger transfer that reserved its money at submit.
 */
export const globalPayBatches = pgTable(
  'global_pay_batches',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    batchName: varchar('batch_name', { length: 100 }).notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id),
    submitKey: uuid('submit_key'),
    reserveTransferId: uuid('reserve_transfer_id'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    index('global_pay_batches_customer').on(table.customerId, table.createdAt),
    index('global_pay_batches_content').on(table.customerId, table.contentHash),
  ],
);

/**
 * One payment of a batch and, once sent, its claim by the recipient. The claim secret is stored
 * only as its SHA-256 (`secretHash`); the card or account it was paid to only masked.
 */
export const globalPayPayments = pgTable(
  'global_pay_payments',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => globalPayBatches.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    position: integer('position').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    description: varchar('description', { length: 140 }).notNull().default(''),
    beneficiaryType: varchar('beneficiary_type', { length: 16 }).notNull(),
    beneficiaryName: varchar('beneficiary_name', { length: 140 }).notNull(),
    beneficiaryEmail: varchar('beneficiary_email', { length: 254 }).notNull(),
    beneficiaryCountryCode: varchar('beneficiary_country_code', { length: 2 }).notNull(),
    feeShare: varchar('fee_share', { length: 16 }).notNull(),
    language: varchar('language', { length: 2 }),
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    rowErrors: jsonb('row_errors').$type<Record<string, string>>().notNull().default({}),
    secretHash: varchar('secret_hash', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidMethod: varchar('paid_method', { length: 16 }),
    paidCurrencyCode: varchar('paid_currency_code', { length: 3 }),
    paidAmount: money('paid_amount'),
    destination: varchar('destination', { length: 40 }),
    payoutTransferId: uuid('payout_transfer_id'),
    returnTransferId: uuid('return_transfer_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('global_pay_payments_batch').on(table.batchId, table.position),
    uniqueIndex('global_pay_payments_secret').on(table.secretHash),
    index('global_pay_payments_due').on(table.status, table.expiresAt),
    index('global_pay_payments_email').on(table.beneficiaryEmail),
  ],
);

/**
 * A recipient's claim in progress (spec 2 §4: submit → operationId, approve with the e-mailed
 * code): bound to one payment, the method, currency and quoted amounts; the code only as a hash.
 */
export const globalPayClaims = pgTable(
  'global_pay_claims',
  {
    id: uuid('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => globalPayPayments.id),
    method: varchar('method', { length: 16 }).notNull(),
    countryCode: varchar('country_code', { length: 2 }).notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 30, scale: 12 }).notNull(),
    toAmount: money('to_amount').notNull(),
    fee: money('fee').notNull(),
    destination: varchar('destination', { length: 40 }).notNull(),
    /** The payee's name on the card or account (the rail returns a name containing RETURN, as rails' simulator does). */
    holderName: varchar('holder_name', { length: 140 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    resends: smallint('resends').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('global_pay_claims_payment').on(table.paymentId)],
);

// ── Mass batch submissions (issue 17E) ──────────────────────────────────────────────────────────

/**
 * A mass batch once submitted (modules/mass-transfers submit.ts): at most one per batch. It keeps
 * the submit's idempotency key and first answer (a retry answers it again), what was submitted —
 * the valid rows' total and fees and the hash of their payees and amounts, to which a batch
 * approval is bound — the origin for the e-mailed link to the batch, and whether the batchPartially
 * notification was sent. state: approval (waiting for approvers), pending (waiting for the
 * submitter's second factor), processing (paid, rows with the rails), finished, declined, rejected.
 */
export const massBatchSubmissions = pgTable(
  'mass_batch_submissions',
  {
    batchId: integer('batch_id')
      .primaryKey()
      .references(() => batchTransfers.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    totalAmount: money('total_amount').notNull(),
    fee: money('fee').notNull(),
    rowsCount: integer('rows_count').notNull(),
    payeeHash: varchar('payee_hash', { length: 64 }).notNull(),
    operationId: uuid('operation_id'),
    approvalRequestId: integer('approval_request_id'),
    linkOrigin: varchar('link_origin', { length: 256 }).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // The finisher's queue: submissions whose rows are still with the rails.
    index('mass_batch_submissions_processing')
      .on(table.batchId)
      .where(sql`${table.state} = 'processing'`),
    index('mass_batch_submissions_approval').on(table.approvalRequestId),
  ],
);

// ── Webhooks (issue 18, helper M2: modules/webhooks) ────────────────────────────────────────────

/**
 * A company's webhook endpoint (spec 2 §3 "Webhook: id, name, enabled, url, customerId"). The
 * signing secret is kept as issued (`whsec_` + base64 of 32 random bytes): the server needs it to
 * sign every delivery, so it cannot be a hash. A deleted endpoint keeps its row (`deletedAt`) so
 * the request log still names it; its pending messages are not sent.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 2048 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: varchar('secret', { length: 100 }).notNull(),
    /** 'webhook', or 'ipn': the company's IPN notifyUrl (one at most), managed by the IPN settings only. */
    kind: varchar('kind', { length: 8 }).notNull().default('webhook'),
    createdAt: createdAt(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_endpoints_customer').on(table.customerId),
    uniqueIndex('webhook_endpoints_one_ipn')
      .on(table.customerId)
      .where(sql`${table.kind} = 'ipn' and ${table.deletedAt} is null`),
  ],
);

/**
 * The outbox: one message of one event for one endpoint, written in the transaction of the event
 * (enqueueWebhookEvent). `id` is the webhook-id every attempt repeats; `body` the exact bytes
 * signed and sent. pending → delivered (a 2xx) or failed (retries ran out); `manualAt` asks the
 * sender for one hand redelivery.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: varchar('id', { length: 48 }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    manualAt: timestamp('manual_at', { withTimezone: true }),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_messages_due')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_messages_manual')
      .on(table.manualAt)
      .where(sql`${table.manualAt} is not null`),
  ],
);

/** One delivery attempt (the webhook request log, spec 2 §7 public-api/webhookRequest). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: varchar('message_id', { length: 48 })
      .notNull()
      .references(() => webhookMessages.id),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    eventType: varchar('event_type', { length: 32 }).notNull(),
    url: varchar('url', { length: 2048 }).notNull(),
    attempt: integer('attempt').notNull(),
    manual: boolean('manual').notNull().default(false),
    statusCode: integer('status_code'),
    succeeded: boolean('succeeded').notNull(),
    error: varchar('error', { length: 200 }),
    latencyMs: integer('latency_ms').notNull(),
    requestBody: text('request_body').notNull(),
    responseBody: text('response_body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_attempts_customer').on(table.customerId, table.id)],
);

/** A company's IPN settings (spec 2 §3); no row reads as the defaults (no URL, statuses 1). */
export const ipnSettings = pgTable('ipn_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id),
  /** The 'ipn' endpoint holding notifyUrl and the secret; null while no URL is set. */
  endpointId: integer('endpoint_id').references(() => webhookEndpoints.id),
  notifyStatusId: smallint('notify_status_id').notNull().default(1),
  statusId: smallint('status_id').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One IPN as the merchant's history shows it (spec 2 §3 "IPN message: id"); delivered as `messageId` of the outbox. */
export const ipnMessages = pgTable(
  'ipn_messages',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    messageId: varchar('message_id', { length: 48 })
      .notNull()
      .references(() => webhookMessages.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedByUserId: integer('confirmed_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('ipn_messages_customer').on(table.customerId, table.id),
    uniqueIndex('ipn_messages_message').on(table.messageId),
  ],
);

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

/*
 * Issue 18 (buttons, modules/merchant-buttons): a company's business logos, its saved payment
 * buttons and its pay-by-name settings.
 */

/**
 * A business logo (spec 2 §3 "Logo: id, name, isDefault, file"): a PNG or JPEG told from its
 * content, kept in the database like documents' files. `public_id` is the unguessable id the pay
 * page serves it by. At most one default per company (the partial unique index).
 */
export const merchantLogos = pgTable(
  'merchant_logos',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    publicId: varchar('public_id', { length: 22 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** 'image/png' | 'image/jpeg'. */
    mimeType: varchar('mime_type', { length: 16 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('merchant_logos_public_id').on(table.publicId),
    index('merchant_logos_customer').on(table.customerId, table.id),
    uniqueIndex('merchant_logos_one_default')
      .on(table.customerId)
      .where(sql`${table.isDefault}`),
  ],
);

/** A saved payment button (spec 2 §3 "Saved button: id plus form fields"); its link is /pay/button/<public_id>. */
export const merchantSavedButtons = pgTable(
  'merchant_saved_buttons',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    publicId: varchar('public_id', { length: 22 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    /** A fixed amount, or null: the payer enters it (within min_amount–max_amount when set). */
    amount: money('amount'),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
    description: varchar('description', { length: 255 }).notNull().default(''),
    /** Null: the company's default logo, if any. */
    logoId: integer('logo_id').references(() => merchantLogos.id),
    returnUrl: varchar('return_url', { length: 2048 }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('merchant_saved_buttons_public_id').on(table.publicId),
    index('merchant_saved_buttons_customer').on(table.customerId, table.id),
  ],
);

/**
 * A company's pay-by-name settings: its handle (unique within the brand), the name payers see,
 * whether it is on, and the account it receives each currency in (account ids, one per currency).
 */
export const merchantPbnSettings = pgTable(
  'merchant_pbn_settings',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    payName: varchar('pay_name', { length: 32 }).notNull(),
    displayName: varchar('display_name', { length: 64 }),
    enabled: boolean('enabled').notNull().default(false),
    accountIds: jsonb('account_ids').$type<number[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('merchant_pbn_settings_name').on(table.brandId, table.payName)],
);

/* ----- Issue 18, part "preapproved": pre-approved payments, merchant pulls, subscriptions ----- */

/**
 * A customer's permission for one merchant (a business of the same brand) to pull money from one
 * of the customer's accounts into the merchant's account in the same currency: at most
 * `amount_cap` a pull, at most one pull a period (once, weekly, monthly), up to an optional end
 * day and total. Pending until its second factor (the same step-up as a transfer's) is given;
 * cancelled (by the payer or by the merchant) for good. A pull locks this row.
 */
export const preapprovals = pgTable(
  'preapprovals',
  {
    id: serial('id').primaryKey(),
    payerCustomerId: integer('payer_customer_id')
      .notNull()
      .references(() => customers.id),
    payerUserId: integer('payer_user_id')
      .notNull()
      .references(() => users.id),
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => accounts.id),
    merchantCustomerId: integer('merchant_customer_id')
      .notNull()
      .references(() => customers.id),
    merchantAccountId: integer('merchant_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The e-mail the payer named the merchant by, as written (lower case). */
    merchantEmail: varchar('merchant_email', { length: 254 }).notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    amountCap: money('amount_cap').notNull(),
    totalCap: money('total_cap'),
    pulledTotal: money('pulled_total').notNull().default('0'),
    /** 'once', 'weekly' (ISO week, UTC) or 'monthly' (calendar month, UTC). */
    frequency: varchar('frequency', { length: 8 }).notNull(),
    endDate: varchar('end_date', { length: 10 }),
    /** pending, active, completed, cancelled, rejected. */
    status: varchar('status', { length: 12 }).notNull(),
    lastPullAt: timestamp('last_pull_at', { withTimezone: true }),
    // The second factor of its creation (security's step-up), as a transfer's confirmation keeps it.
    approveType: smallint('approve_type').notNull(),
    codeHash: text('code_hash'),
    deviceRequestKey: varchar('device_request_key', { length: 64 }),
    attempts: smallint('attempts').notNull().default(0),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** 'payer' or 'merchant'. */
    cancelledBy: varchar('cancelled_by', { length: 8 }),
  },
  (table) => [
    index('preapprovals_payer').on(table.payerCustomerId, table.id),
    index('preapprovals_merchant').on(table.merchantCustomerId, table.id),
  ],
);

/** One pull of a pre-approval (an instalment of a subscription): the ledger transfer it posted. */
export const preapprovalPulls = pgTable(
  'preapproval_pulls',
  {
    id: serial('id').primaryKey(),
    preapprovalId: integer('preapproval_id')
      .notNull()
      .references(() => preapprovals.id),
    merchantCustomerId: integer('merchant_customer_id')
      .notNull()
      .references(() => customers.id),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    description: varchar('description', { length: 140 }),
    /** SHA-256 (hex) of the merchant's Idempotency-Key: a retry answers this pull again. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }),
    requestHash: varchar('request_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('preapproval_pulls_approval').on(table.preapprovalId, table.id),
    uniqueIndex('preapproval_pulls_key').on(table.preapprovalId, table.idempotencyKey),
  ],
);

/*
 * Trust (issue 18, merchant tools: identity verification requests and reputation). A merchant
 * asks a person to prove who they are: the fee is charged through the ledger, a check is started
 * at the brand's provider (identity_workflow_runs with purpose 'merchant') and the person gets
 * the link by e-mail. The request's status and history follow its run.
 */
export const merchantIdentityRequests = pgTable(
  'merchant_identity_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    requestedByUserId: integer('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 128 }).notNull(),
    /** As given (trimmed); searches compare it lower-cased. */
    email: varchar('email', { length: 254 }).notNull(),
    reference: varchar('reference', { length: 64 }),
    feeAccountId: integer('fee_account_id')
      .notNull()
      .references(() => accounts.id),
    feeAmount: money('fee_amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    feeTransferId: uuid('fee_transfer_id').references(() => ledgerTransfers.id),
    workflowRunId: integer('workflow_run_id')
      .notNull()
      .references(() => identityWorkflowRuns.id),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('merchant_identity_requests_customer').on(table.customerId, table.id),
    index('merchant_identity_requests_email').on(table.customerId, sql`lower(${table.email})`),
    uniqueIndex('merchant_identity_requests_run').on(table.workflowRunId),
    uniqueIndex('merchant_identity_requests_key').on(table.customerId, table.idempotencyKey),
  ],
);

/* ----- Issue 18 "pay": the public API's idempotency keys, payment requests and refunds ----- */

/**
 * An Idempotency-Key a company's public-API POST came with (merchant-api/idempotency.ts): the
 * request's hash (method, path, body), then its first answer. The unique index is what makes two
 * identical requests sent at once one effect: the second insert finds the first's row. A row
 * without a status is a request still running.
 */
export const merchantIdempotencyKeys = pgTable(
  'merchant_idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    key: varchar('key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: smallint('status'),
    body: text('body'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('merchant_idempotency_keys_key').on(table.customerId, table.key)],
);

/**
 * A payment request a merchant made through the public API: what the hosted pay page
 * (/pay/<token>) asks a customer of the merchant's brand to pay into which account. Paid once:
 * the payment's transfer is kept with it; a payment waiting for its second factor holds it.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    brandId: varchar('brand_id', { length: 32 }).notNull(),
    /** The pay link's secret (32 random bytes, base64url). */
    token: varchar('token', { length: 64 }).notNull(),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    description: varchar('description', { length: 256 }).notNull(),
    reference: varchar('reference', { length: 128 }),
    returnUrl: varchar('return_url', { length: 2048 }),
    /** The origin of its payUrl (the brand's site when the call came). */
    linkOrigin: varchar('link_origin', { length: 256 }).notNull(),
    /** open, paid, cancelled (expired is open past expiresAt). */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The payment: settled once paid, pending while its second factor waits. */
    paymentTransferId: uuid('payment_transfer_id').references(() => ledgerTransfers.id),
    payerCustomerId: integer('payer_customer_id').references(() => customers.id),
    payerAccountId: integer('payer_account_id').references(() => accounts.id),
    /** Payments started and declined before (the next one's ledger key counts them). */
    paymentAttempts: smallint('payment_attempts').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Issue 18 "link": the saved button's own logo the pay page shows; null: the company's default. */
    logoId: integer('logo_id').references(() => merchantLogos.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('payment_requests_token').on(table.token),
    index('payment_requests_customer').on(table.customerId, table.id),
    index('payment_requests_transfer').on(table.paymentTransferId),
  ],
);

/** A refund of a received payment (public API): the refund's own ledger transfer and the payment it returns. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    paymentTransferId: uuid('payment_transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    refundTransferId: uuid('refund_transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    amount: money('amount').notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('payment_refunds_payment').on(table.paymentTransferId)],
);
