import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { JOBS_PAGE_SIZE, JOBS_TOTAL_CAP, readJobSearch, writeJobSearch, type JobSearch } from '@aylal/shared/job-rules';
import { jobsQueryOptions, useMyApplications } from '../../features/jobs/api/jobs.ts';
import { JobCard } from '../../features/jobs/components/job-card.tsx';
import { JobSearchForm } from '../../features/jobs/components/job-search.tsx';
import { Pager, usePagedResults } from '../../components/pager.tsx';
import classes from './trips.module.css';
import jobClasses from '../../features/jobs/components/jobs.module.css';
import { LoadFailed, PageHead } from '../../components/public-page.tsx';

/** /jobs: open jobs, newest first, with text search and the type filter kept in the URL. */
export function Component() {
  const { t } = useTranslation(['jobs', 'common']);
  const [params, setParams] = useSearchParams();
  const search = readJobSearch(params);
  const apiSearch = writeJobSearch(search).toString();
  const jobs = useQuery(jobsQueryOptions(apiSearch));
  const applications = useMyApplications();
  const applied = new Set(applications.data?.items.map((item) => item.jobId));

  const go = (next: JobSearch) => {
    setParams(writeJobSearch(next));
    window.scrollTo({ top: 0 });
  };
  const filtered = Boolean(search.q || search.type);
  const { total, pages, pastEnd } = usePagedResults(jobs, search.page, JOBS_PAGE_SIZE, (page) =>
    setParams(writeJobSearch({ ...search, page }), { replace: true }),
  );

  return (
    <div className={`container ${classes.page}`}>
      <PageHead className={classes.head} title={t('title')} intro={t('intro')} />
      <JobSearchForm search={search} onSearch={go} />
      <section aria-labelledby="job-results" aria-busy={jobs.isFetching} className={jobClasses.results}>
        <p id="job-results" className={classes.count} aria-live="polite">
          {jobs.data
            ? jobs.data.totalCapped
              ? t('results.countCapped', { count: JOBS_TOTAL_CAP })
              : t('results.count', { count: total })
            : '\u00a0'}
        </p>
        {jobs.isError && !jobs.data && (
          <LoadFailed className={classes.problem} message={t('messages.loadFailed')} onRetry={jobs.refetch} />
        )}
        {jobs.data && jobs.data.items.length === 0 && !pastEnd && (
          <div className={classes.problem}>
            <p>{t('results.empty')}</p>
            {filtered && (
              <button type="button" className="btn btn-light" onClick={() => go({ page: 1 })}>
                {t('search.clear')}
              </button>
            )}
          </div>
        )}
        <div className={jobClasses.list}>
          {jobs.data?.items.map((job) => (
            <JobCard key={job.id} job={job} applied={applied.has(job.id)} />
          ))}
        </div>
        <Pager
          page={search.page}
          pages={pages}
          label={t('results.pagination')}
          pageOf={t('results.pageOf', { page: Math.min(search.page, pages), pages })}
          onPage={(page) => go({ ...search, page })}
        />
      </section>
    </div>
  );
}
