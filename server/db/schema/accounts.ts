import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_RETENTION_DAYS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../../../common/rules/recordingRetention.ts';
import { createdAt, id, instant, updatedAt } from './columns.ts';
import { twilioNumbers } from './reference.ts';

/** A client account (spec §3 User). Deleted accounts stay as rows: registration answers 410 (spec §8). */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    /** Lowercased; the login username (spec §7). */
    email: text().notNull(),
    /** A new address waiting for its change-email link (PATCH /user). */
    pendingEmail: text(),
    passwordHash: text().notNull(),
    phone: text().notNull(),
    timezone: text().notNull().default('UTC'),
    country: text(),
    /**
     * ISO 3166 regions visitors' numbers may be in (Settings, Call destinations). Null: the
     * account's own country, read from its phone number (domain/callEngine/callDestinations.ts).
     */
    callCountries: text().array(),
    /** Days call recordings are kept (Settings, Call recordings); older ones are deleted (workers/recordingsJanitor.ts). */
    recordingRetentionDays: integer().notNull().default(DEFAULT_RETENTION_DAYS),
    hasAdvancedWidgetSettings: boolean().notNull().default(false),
    displayCustomNumberToCustomers: boolean().notNull().default(false),
    twilioNumberId: integer().references(() => twilioNumbers.id, { onDelete: 'set null' }),
    leadSource: text(),
    sscid: text(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** Null until the verification link is used: login answers inactive_account (spec §8). */
    emailVerifiedAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant(),
    /** When the owner put the Analytics screen's Getting started checklist away (issue 21); null while it shows. The user menu brings it back. */
    gettingStartedDismissedAt: instant(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_recording_retention_days_check', sql`${t.recordingRetentionDays} between ${sql.raw(String(RETENTION_DAYS_MIN))} and ${sql.raw(String(RETENTION_DAYS_MAX))}`),
  ],
);

/**
 * A sign-in session: one refresh-token family. Revoking it (logout, password change, reuse of a
 * spent refresh token) ends every refresh token of the family and, because the bearer check
 * reads this row, every access token issued for it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: instant().notNull().defaultNow(),
    revokedAt: instant(),
    revokedReason: text({ enum: ['logout', 'password_changed', 'password_reset', 'refresh_token_reuse', 'email_changed'] }),
    userAgent: text(),
    clientAddress: text(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored as sha256 hashes; each is spent (rotated) on use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    /** Set when the token is exchanged; presenting it again is reuse. */
    rotatedAt: instant(),
  },
  (t) => [uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash), index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

export const oneTimeTokenKinds = ['verify_email', 'reset_password', 'change_email'] as const;
export type OneTimeTokenKind = (typeof oneTimeTokenKinds)[number];

/** E-mailed single-use codes (verification, password reset, change of e-mail), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: oneTimeTokenKinds }).notNull(),
    tokenHash: text().notNull(),
    /** The address the code was sent to (the new address for change_email). */
    email: text().notNull(),
    /**
     * change_email: the session that asked (with the password). It stays signed in when the
     * change is confirmed; every other session of the account ends (domain/users/emailChange.ts).
     */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_id_idx').on(t.userId),
    check('one_time_tokens_kind_check', sql`${t.kind} in ('verify_email', 'reset_password', 'change_email')`),
  ],
);

/**
 * Failed sign-ins, kept in the database so rate limiting holds across server instances
 * (ARCHITECTURE.md: the API server is stateless). A success deletes its (account, address) rows.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: id(),
    /** The lowercased username as typed; it need not name an account. */
    account: text().notNull(),
    clientAddress: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_pair_idx').on(t.account, t.clientAddress, t.createdAt),
    index('login_attempts_address_idx').on(t.clientAddress, t.createdAt),
    index('login_attempts_account_idx').on(t.account, t.createdAt),
    index('login_attempts_created_at_idx').on(t.createdAt),
  ],
);
