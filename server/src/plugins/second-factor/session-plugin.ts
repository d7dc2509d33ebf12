// The product's own Better Auth plugin beside the two-factor one (docs/decisions/023): the session
// columns that record when the second factor was given and the last confirmation, and the checks
// of the other files here, each on the paths it guards.

import type { BetterAuthPlugin } from 'better-auth';
import { challengeOtherSignIns, refuseTrustedDevices } from './challenge.ts';
import { refuseSessionCodeGuessing, requireFreshFactorSession, requireFreshWithoutPassword } from './factor-checks.ts';
import { checkPasskeyRegistration, factorGivenByNewPasskey, requireUserVerification } from './passkey-checks.ts';
import { FACTOR_PATHS, isOtherSignIn, PASSKEY_ADD_PATHS, PASSKEY_SIGN_IN_PATH, SETTINGS_PATHS } from './requests.ts';

/** The product's plugin: the session columns, the challenge of other sign-ins, and the checks above. */
export function sessionSecondFactor(): BetterAuthPlugin {
  return {
    id: 'aylal-second-factor',
    schema: {
      session: {
        fields: {
          secondFactorAt: { type: 'date', required: false, input: false },
          confirmedAt: { type: 'date', required: false, input: false },
        },
      },
    },
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              // A session made by giving the code has its second factor; one that replaces the
              // caller's own (a new password, the factor turned on or off) keeps what that one had.
              before: async (session, ctx) => {
                if (ctx?.path && (FACTOR_PATHS.has(ctx.path) || ctx.path === PASSKEY_SIGN_IN_PATH)) {
                  return { data: { ...session, secondFactorAt: new Date() } };
                }
                const current = ctx?.context.session as
                  | { user: { id: string }; session: { secondFactorAt?: Date | null; confirmedAt?: Date | null } }
                  | null
                  | undefined;
                if (current && current.user.id === session.userId) {
                  const fields = session as typeof session & {
                    secondFactorAt?: Date | null;
                    confirmedAt?: Date | null;
                  };
                  return {
                    data: {
                      ...session,
                      secondFactorAt: fields.secondFactorAt ?? current.session.secondFactorAt ?? null,
                      confirmedAt: fields.confirmedAt ?? current.session.confirmedAt ?? null,
                    },
                  };
                }
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        { matcher: (ctx) => FACTOR_PATHS.has(ctx.path ?? ''), handler: refuseTrustedDevices },
        { matcher: (ctx) => FACTOR_PATHS.has(ctx.path ?? ''), handler: refuseSessionCodeGuessing },
        { matcher: (ctx) => SETTINGS_PATHS.has(ctx.path ?? ''), handler: requireFreshWithoutPassword },
        { matcher: (ctx) => PASSKEY_ADD_PATHS.has(ctx.path ?? ''), handler: requireFreshFactorSession },
        { matcher: (ctx) => ctx.path === '/passkey/verify-registration', handler: checkPasskeyRegistration },
      ],
      after: [
        { matcher: (ctx) => isOtherSignIn(ctx.path), handler: challengeOtherSignIns },
        { matcher: (ctx) => ctx.path === '/passkey/verify-registration', handler: factorGivenByNewPasskey },
        { matcher: (ctx) => ctx.path === '/passkey/generate-authenticate-options', handler: requireUserVerification },
      ],
    },
  };
}
