import { lazy, Suspense, useState } from 'react';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import { pickText } from '@aylal/shared/trip-rules';
import { DialogShell, dialogParts } from '../../../components/dialog-shell.tsx';
import { notifyInfo, notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useSignedInAction } from '../../../lib/use-signed-in-action.ts';
import { useApplyToJob, useMyApplications } from '../api/jobs.ts';
import classes from './jobs.module.css';
import { useLanguage } from '../../../lib/use-language.ts';

// Offered only just after applying: its code loads then, not with the job page.
const PushOptIn = lazy(() => import('../../../lib/push-opt-in.tsx').then((module) => ({ default: module.PushOptIn })));

/**
 * What the apply button does, and where the user stands with this job. Signed out: the spec's
 * message and the login panel, and the confirmation once they are in.
 */
export function useApply(job: JobDetail, open: boolean) {
  const { t } = useTranslation('jobs');
  const action = useSignedInAction(t('messages.mustLogin'));
  const applications = useMyApplications();
  const application = applications.data?.items.find((item) => item.jobId === job.id) ?? null;
  // Sent from this page just now: the moment to offer notifications about it.
  const [justApplied, setJustApplied] = useState(false);
  return {
    open,
    application,
    justApplied,
    applied: () => setJustApplied(true),
    // Applied meanwhile (another tab): nothing left to confirm.
    confirming: action.open && !application,
    close: action.close,
    start: action.start,
  };
}

type Apply = ReturnType<typeof useApply>;

/** The Apply button, or why there is none: applied already, or the job closed. */
export function ApplyAction({ apply, wide = false }: { apply: Apply; wide?: boolean }) {
  const { t } = useTranslation(['jobs', 'error']);
  const language = useLanguage();
  if (apply.application) {
    return (
      <>
        <p className={classes.done} role="status">
          <IconCircleCheck size={16} aria-hidden="true" /> {t('apply.applied')} ·{' '}
          {formatDate(apply.application.createdAt, language)}
        </p>
        {apply.justApplied && (
          <Suspense fallback={null}>
            <PushOptIn variant="offer" />
          </Suspense>
        )}
      </>
    );
  }
  if (!apply.open) return <p className={classes.notice}>{t('error:JOB_CLOSED')}</p>;
  return (
    <button type="button" className={`btn btn-primary btn-lg${wide ? ` ${classes.wide}` : ''}`} onClick={apply.start}>
      <IconSend size={18} aria-hidden="true" />
      {t('apply.button')}
    </button>
  );
}

/** Sending one's CV: what goes, to whom, and the refusals with a way forward. */
export function ApplyDialog({ job, apply }: { job: JobDetail; apply: Apply }) {
  const { t } = useTranslation('jobs');
  const language = useLanguage();
  const session = useSession();
  const send = useApplyToJob();
  const refusal = send.error instanceof ApiRequestError ? send.error.code : send.error ? 'SEND_FAILED' : null;
  // Known before sending: without a CV there is nothing to send.
  const noCv = refusal === 'CV_REQUIRED' || (session.user !== null && session.user?.hasCV === false);
  const back = `/cv?next=${encodeURIComponent(`/jobs/${job.id}`)}`;

  const submit = () =>
    send.mutate(job.id, {
      onSuccess: () => {
        notifySuccess(t('apply.success'));
        apply.applied();
        apply.close();
      },
      // Sent already (from another tab): nothing to decide here; the page now says Applied.
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.code === 'ALREADY_APPLIED') {
          notifyInfo(errorMessage(failure));
          apply.close();
        }
      },
    });

  // The job and its company say which application this is.
  return (
    <DialogShell
      title={t('apply.confirmTitle')}
      subtitle={`${pickText(job.title, language)} · ${job.company}`}
      compact
      onClose={apply.close}
    >
      <div className={dialogParts.body}>
        {noCv ? (
          <p className={classes.notice} role="status">
            {t('messages.cvNotFound')}
          </p>
        ) : (
          <>
            <p>{t('apply.confirmBody', { company: job.company })}</p>
            {refusal && (
              <p className={classes.alert} role="alert">
                {refusal === 'SEND_FAILED' || refusal === 'NETWORK' || refusal === 'INTERNAL'
                  ? t('messages.sendFailed')
                  : errorMessage(send.error)}
              </p>
            )}
          </>
        )}
      </div>
      <footer className={dialogParts.foot}>
        {noCv ? (
          <Link to={back} className="btn btn-primary">
            {t('apply.createCv')}
          </Link>
        ) : (
          <>
            <Link to={back} className="btn btn-light">
              {t('apply.reviewCv')}
            </Link>
            <button type="button" className="btn btn-primary" onClick={submit} disabled={send.isPending}>
              {send.isPending ? t('apply.sending') : t('apply.confirm')}
            </button>
          </>
        )}
      </footer>
    </DialogShell>
  );
}
