import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth-rules.ts';
import { EARLIEST_BIRTH, isPhoneNumber, isRealDate, todayUtc as today } from '../field-rules.ts';
import { LANGUAGES } from '../i18n.ts';
import {
  DELIVERY_CHANNELS,
  NOTIFICATION_TOPICS,
  type DeliveryChannel,
  type NotificationTopic,
} from '../notifications.ts';

export { isPhoneNumber } from '../field-rules.ts';

/**
 * A person's profile (spec section 3), checked by the web form and by `PUT /api/profile` alike
 * (docs/decisions/015-profile-and-account.md). The refusals this schema words itself are i18n keys
 * of the `profile` namespace (`profile:errors.*`): the form shows them in the reader's language and
 * the server answers them translated.
 */

/** The youngest a person with a profile may be, in whole years. */
export const PROFILE_MIN_AGE = 14;
/** The earliest plausible date of birth. */
export const PROFILE_EARLIEST_BIRTH = EARLIEST_BIRTH;

const text = (max: number) => z.string().trim().max(max);

const phone = text(30).refine((value) => value === '' || isPhoneNumber(value), 'profile:errors.phone');

/** The latest date of birth of someone PROFILE_MIN_AGE years old today. */
export function latestBirthDate(now = today()): string {
  const year = Number(now.slice(0, 4)) - PROFILE_MIN_AGE;
  return `${String(year).padStart(4, '0')}${now.slice(4)}`;
}

const dateOfBirth = z
  .string()
  .trim()
  .refine((value) => value === '' || (isRealDate(value) && value >= PROFILE_EARLIEST_BIRTH && value <= today()), {
    message: 'profile:errors.dateOfBirth',
    abort: true,
  })
  .refine((value) => value === '' || value <= latestBirthDate(), 'profile:errors.tooYoung');

/** An http(s) URL whose host is one of `hosts` or a subdomain of one (any host when none are given). */
export function isSiteUrl(value: string, hosts: readonly string[] = []): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase();
  if (!host.includes('.') || url.username || url.password) return false;
  return hosts.length === 0 || hosts.some((site) => host === site || host.endsWith(`.${site}`));
}

const siteUrl = (hosts: readonly string[], message: string) =>
  text(300).refine((value) => value === '' || isSiteUrl(value, hosts), message);

const channels = z.object(
  Object.fromEntries(DELIVERY_CHANNELS.map((channel) => [channel, z.boolean()])) as Record<
    DeliveryChannel,
    z.ZodBoolean
  >,
);

/** Which topics reach the person by which channel beyond in-app: every topic, each channel. */
export const NotificationMatrixSchema = z.object(
  Object.fromEntries(NOTIFICATION_TOPICS.map((topic) => [topic, channels])) as Record<
    NotificationTopic,
    typeof channels
  >,
);
export type NotificationMatrix = z.infer<typeof NotificationMatrixSchema>;

/** Everything on, as for a person who has not chosen yet. */
export function fullMatrix(): NotificationMatrix {
  return Object.fromEntries(
    NOTIFICATION_TOPICS.map((topic) => [topic, Object.fromEntries(DELIVERY_CHANNELS.map((c) => [c, true]))]),
  ) as NotificationMatrix;
}

export const ProfileSchema = z.object({
  fullName: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  phone,
  secondaryPhone: phone,
  /** YYYY-MM-DD, or '' when not given. */
  dateOfBirth,
  nationality: text(80),
  address: text(300),
  bio: text(1000),
  language: z.enum(LANGUAGES),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  preferences: NotificationMatrixSchema,
  linkedin: siteUrl(['linkedin.com'], 'profile:errors.linkedin'),
  github: siteUrl(['github.com'], 'profile:errors.github'),
  website: siteUrl([], 'profile:errors.website'),
  twitter: siteUrl(['twitter.com', 'x.com'], 'profile:errors.twitter'),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** `GET` and `PUT /api/profile`: the profile as saved. */
export const ProfileResponseSchema = z.object({ profile: ProfileSchema, updatedAt: z.string() });
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** An empty profile, prefilled from the account (name, email) and the reader's language. */
export function blankProfile(from: Partial<Profile> = {}): Profile {
  return {
    fullName: '',
    email: '',
    phone: '',
    secondaryPhone: '',
    dateOfBirth: '',
    nationality: '',
    address: '',
    bio: '',
    language: 'en',
    emailNotifications: true,
    pushNotifications: false,
    preferences: fullMatrix(),
    linkedin: '',
    github: '',
    website: '',
    twitter: '',
    ...from,
  };
}

/** The account's password change (Better Auth's /change-password checks the same lengths). */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;
