import { lazy, Suspense, useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorStatus } from '@aylal/shared/schemas/second-factor';
import { ApiRequestError } from './api-client.ts';
import { isFreshNow, needsTheFactor, secondFactorStatusQuery } from './second-factor.ts';

// The dialog and its words load the first time it is needed.
const FreshSignInDialog = lazy(() => import('../components/fresh-sign-in-dialog.tsx'));

/** Follows a link as the person's click would have (a new tab, a download, or here). */
function follow(link: { href: string; target: string; download: string | null }) {
  const anchor = document.createElement('a');
  anchor.href = link.href;
  if (link.target) anchor.target = link.target;
  if (link.download !== null) anchor.download = link.download;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

export interface FreshSignIn {
  /** Runs `action`; if the server asks for a fresh sign-in, asks the person, then runs it again. */
  run: <T>(action: () => Promise<T>) => Promise<T | undefined>;
  /** A link's onClick: followed at once while the sign-in is fresh, after the dialog otherwise. */
  guardLink: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The dialog, to render anywhere in the component. */
  dialog: ReactNode;
}

/**
 * Passport numbers and visa documents need a sign-in of the last 15 minutes (docs/decisions/023):
 * the server answers 403 FRESH_SIGN_IN_REQUIRED otherwise. This asks the person to confirm it is
 * them (the password, a code, or Google again), then carries on with what they were doing.
 */
export function useFreshSignIn(): FreshSignIn {
  const client = useQueryClient();
  const status = useQuery(secondFactorStatusQuery());
  const [asking, setAsking] = useState<{ status: SecondFactorStatus; resolve: (ok: boolean) => void } | null>(null);

  const ensure = useCallback(async (): Promise<boolean> => {
    const current = await client.fetchQuery(secondFactorStatusQuery());
    if (isFreshNow(current) && !needsTheFactor(current)) return true;
    return new Promise<boolean>((resolve) => setAsking({ status: current, resolve }));
  }, [client]);

  const run = useCallback(
    async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await action();
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.code === 'FRESH_SIGN_IN_REQUIRED')) throw error;
        if (!(await ensure())) return undefined;
        return action();
      }
    },
    [ensure],
  );

  const guardLink = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (isFreshNow(status.data)) return;
      event.preventDefault();
      const anchor = event.currentTarget;
      const link = { href: anchor.href, target: anchor.target, download: anchor.getAttribute('download') };
      void ensure().then((ok) => ok && follow(link));
    },
    [ensure, status.data],
  );

  const dialog = asking ? (
    <Suspense fallback={null}>
      <FreshSignInDialog
        status={asking.status}
        onDone={(ok) => {
          asking.resolve(ok);
          setAsking(null);
        }}
      />
    </Suspense>
  ) : null;

  return { run, guardLink, dialog };
}
