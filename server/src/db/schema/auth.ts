import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** Tables owned by Better Auth (email + password, OAuth accounts, admin plugin), in UTC. */
const timestamps = {
  createdAt: createdAt(),
  updatedAt: updatedAt(),
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
    banExpires: timestamptz('ban_expires'),
    phoneNumber: text('phone_number'),
    hasCV: boolean('has_cv').notNull().default(false),
    hasVisa: boolean('has_visa').notNull().default(false),
    hasProfile: boolean('has_profile').notNull().default(false),
    lastLoginAt: timestamptz('last_login_at'),
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

/** The account a row belongs to: deleted with the account. */
export function ownedByUser(name: string) {
  return text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/** An account the row names (who acted, who changed it): null once that account is deleted. */
export function userOrNull(name: string) {
  return text(name).references(() => users.id, { onDelete: 'set null' });
}

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: ownedByUser('user_id'),
    expiresAt: timestamptz('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    /** When this session's second factor was given (null: signed in without one); docs/decisions/023. */
    secondFactorAt: timestamptz('second_factor_at'),
    /** When the person last confirmed it is them (password or code) after signing in; null: only at sign-in. */
    confirmedAt: timestamptz('confirmed_at'),
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
    userId: ownedByUser('user_id'),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    /** Wrong codes in a row at sign-in (Better Auth locks the account's codes for 15 minutes at 10). */
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    /** When the app was set up (Better Auth does not write it: the default does). */
    createdAt: createdAt(),
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
    userId: ownedByUser('user_id'),
    // Better Auth's own field name (the Drizzle adapter looks columns up by it).
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: createdAt(),
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
    userId: ownedByUser('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
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
    expiresAt: timestamptz('expires_at').notNull(),
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
    id: id(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
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
    demotedAt: timestamptz('demoted_at').notNull().defaultNow(),
  },
  (table) => [check('staff_demotions_email_lower_check', sql`${table.email} = lower(${table.email})`)],
);
