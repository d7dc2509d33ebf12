import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { pickText } from '@aylal/shared/trip-rules';
import { PageLoader } from '../../components/page-loader.tsx';
import { useMyApplications } from '../../features/jobs/api/jobs.ts';
import classes from '../../features/jobs/components/jobs.module.css';
import pageClasses from './trips.module.css';
import { useLanguage } from '../../lib/use-language.ts';
import { LoadFailed, PageHead } from '../../components/public-page.tsx';

/** /applications: every job the user applied for, and where each application stands. */
export function Component() {
  const { t } = useTranslation('jobs');
  const language = useLanguage();
  const applications = useMyApplications();

  return (
    <div className={`container ${pageClasses.page}`}>
      <PageHead className={pageClasses.head} title={t('applications.title')} intro={t('applications.intro')} />
      {applications.isPending ? (
        <PageLoader />
      ) : applications.isError ? (
        <LoadFailed
          className={pageClasses.problem}
          message={t('applications.loadFailed')}
          onRetry={applications.refetch}
        />
      ) : applications.data.items.length === 0 ? (
        <div className={pageClasses.problem}>
          <p>{t('applications.empty')}</p>
          <Link to="/jobs" className="btn btn-primary">
            {t('applications.browse')}
          </Link>
        </div>
      ) : (
        <ul className={classes.apps}>
          {applications.data.items.map((item) => (
            <li key={item.id} className={classes.app}>
              <div>
                <h2>
                  {item.jobId ? (
                    <Link to={`/jobs/${item.jobId}`}>{pickText(item.jobTitle, language)}</Link>
                  ) : (
                    pickText(item.jobTitle, language)
                  )}
                </h2>
                <p>
                  {item.company} · {t('applications.appliedOn', { date: formatDate(item.createdAt, language) })}
                  {!item.jobId && ` · ${t('applications.jobRemoved')}`}
                </p>
              </div>
              <span className={classes.state} data-state={item.state}>
                {t(`applicationStates.${item.state}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
