import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Tables owned by Better Auth (email + password, OAuth accounts, admin plugin), in UTC. */
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    phoneNumber: text('phone_number'),
    hasCV: boolean('has_cv').notNull().default(false),
    hasVisa: boolean('has_visa').notNull().default(false),
    hasProfile: boolean('has_profile').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language of their emails and pushes until a profile says otherwise (set at sign-up). */
    language: text('language').notNull().default('en'),
    /** Better Auth's two-factor plugin: an authenticator app confirmed (docs/decisions/023). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    index('users_created_at_idx').on(table.createdAt),
    // The product knows two roles (shared ROLES); nothing else may store a third.
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    /** When this session's second factor was given (null: signed in without one); docs/decisions/023. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** When the person last confirmed it is them (password or code) after signing in; null: only at sign-in. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Better Auth's two-factor plugin (model `twoFactor`): one authenticator app per account, its
 * secret and backup codes encrypted with AUTH_SECRET; `verified` false until the first code.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    /** Wrong codes in a row at sign-in (Better Auth locks the account's codes for 15 minutes at 10). */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the app was set up (Better Auth does not write it: the default does). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('two_factors_user_id_key').on(table.userId)],
);

/**
 * Better Auth's passkey plugin (model `passkey`, decision 023): a WebAuthn credential's public key
 * and signature counter; the private key never leaves the person's device.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    /** What the person called it ("Work laptop"); none until they name it. */
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Better Auth's own field name (the Drizzle adapter looks columns up by it).
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    aaguid: text('aaguid'),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId),
    uniqueIndex('passkeys_credential_id_key').on(table.credentialID),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [
    index('accounts_user_id_idx').on(table.userId),
    uniqueIndex('accounts_provider_account_key').on(table.providerId, table.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Per-account counters that Better Auth's per-address rate limit lacks: failed sign-ins per
 * account and password-reset mails per recipient (see plugins/auth-attempts.ts). In PostgreSQL so
 * every process shares them; rows older than the longest window are pruned as new ones arrive.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_attempts_subject_idx').on(table.kind, table.subject, table.createdAt),
    index('auth_attempts_created_at_idx').on(table.createdAt),
    check(
      'auth_attempts_kind_check',
      sql`${table.kind} in ('sign-in-failure', 'device-sign-in-failure', 'reset-mail', 'verify-mail', 'sign-in-link-mail')`,
    ),
  ],
);

/**
 * Addresses staff demoted from admin (docs/decisions/022): ADMIN_EMAILS no longer makes them admins,
 * whatever account holds the address later (deleted and signed up again included). Keyed by the
 * lower-cased address, so it outlives the account; a promotion in the back office removes the row.
 */
export const staffDemotions = pgTable(
  'staff_demotions',
  {
    email: text('email').primaryKey(),
    demotedAt: timestamp('demoted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_demotions_email_lower_check', sql`${table.email} = lower(${table.email})`)],
);
