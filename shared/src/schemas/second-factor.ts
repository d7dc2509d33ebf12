import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../auth-rules.ts';
import { readSecondFactorCode, STAFF_ACCESS } from '../second-factor-rules.ts';

/**
 * GET /api/account/second-factor: the caller's second factor and session (docs/decisions/023).
 * `staff` is null for anyone but an admin; otherwise whether the session may act as staff now
 * (`granted`), or the admin must first set up a second factor (`enrol`) or give it (`verify`).
 */
/** One of the caller's passkeys, as /profile lists them. */
export const PasskeySchema = z.object({
  id: z.string(),
  /** The name the person gave it (none: the web calls it "Passkey"). */
  name: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the passkey is synced (a password manager, iCloud Keychain, Google Password Manager). */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused backup codes (null while there is no second factor). */
  backupCodesLeft: z.number().int().min(0).nullable(),
  /** Whether the account has a password to confirm with (a Google-only account has none). */
  hasPassword: z.boolean(),
  /** Whether the second factor was given in this session. */
  sessionHasSecondFactor: z.boolean(),
  /** Until when the session counts as freshly signed in (ISO). */
  freshUntil: z.string(),
  /** The account's passkeys (each is a way to sign in that gives the second factor). */
  passkeys: z.array(PasskeySchema),
  staff: z.enum(STAFF_ACCESS).nullable(),
  /** STAFF_TWO_FACTOR=required: every admin needs a second factor. */
  staffRequired: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** A code as typed: the app's six digits or a backup code (spaces and the hyphen optional). */
export const SecondFactorCodeSchema = z
  .string()
  .max(40)
  .refine((value) => readSecondFactorCode(value) !== null, 'secondFactor:errors.code');

/**
 * POST /api/account/confirm: "confirm it is you" on a signed-in session, with the password or a
 * code. The session counts as freshly signed in for 15 minutes; a code also gives it the second
 * factor (an admin's session then acts as staff).
 */
export const ConfirmIdentityRequestSchema = z.union([
  z.strictObject({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }),
  z.strictObject({ code: SecondFactorCodeSchema }),
]);
export type ConfirmIdentityRequest = z.infer<typeof ConfirmIdentityRequestSchema>;

/** GET /api/admin/visa-applications/:id/passports: the passport numbers whole, asked for one at a time. */
export const VisaPassportsSchema = z.object({
  applicant: z.string(),
  dependants: z.array(z.object({ id: z.string(), passportNumber: z.string() })),
});
export type VisaPassports = z.infer<typeof VisaPassportsSchema>;
