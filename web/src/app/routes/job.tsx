import { IconArrowLeft, IconFileText, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { contactLink } from '@aylal/shared/contact-rules';
import { formatDate } from '@aylal/shared/dates';
import { listLines, pickSkills } from '@aylal/shared/job-rules';
import type { PublicJobDetail } from '@aylal/shared/schemas/jobs';
import { jobPageTitle } from '@aylal/shared/page-titles';
import { pickText } from '@aylal/shared/trip-rules';
import { PageLoader } from '../../components/page-loader.tsx';
import { jobQueryOptions } from '../../features/jobs/api/jobs.ts';
import { ApplyAction, ApplyDialog, useApply } from '../../features/jobs/components/apply-panel.tsx';
import { JobPlaceFacts } from '../../features/jobs/components/job-place-facts.tsx';
import classes from '../../features/jobs/components/jobs.module.css';
import { RecordProblem } from '../../components/record-problem.tsx';
import { formatBytes } from '../../lib/format-bytes.ts';
import pageClasses from './trip.module.css';
import { useLanguage } from '../../lib/use-language.ts';
import { useNamedTitle } from '../use-document-title.ts';

/** /jobs/:id: everything about one job, its files, and applying with one's CV. */
export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['jobs', 'error']);
  const job = useQuery(jobQueryOptions(id));

  if (job.isPending) return <PageLoader />;
  if (job.isError)
    return (
      <RecordProblem
        query={job}
        notFound={t('error:JOB_NOT_FOUND')}
        loadFailed={t('detail.loadFailed')}
        retry={t('results.retry')}
        back={{ to: '/jobs', label: t('detail.back') }}
      />
    );
  return <JobPage job={job.data} />;
}

function JobPage({ job }: { job: PublicJobDetail }) {
  const { t } = useTranslation('jobs');
  const language = useLanguage();
  const apply = useApply(job, job.takingApplications);
  useNamedTitle(jobPageTitle(pickText(job.title, language), job.company));
  const day = (iso: string) => formatDate(`${iso.slice(0, 10)}T00:00:00Z`, language, { timeZone: 'UTC' });
  const list = (key: 'responsibilities' | 'requirements' | 'benefits') => {
    const items = listLines(pickText(job[key], language));
    return items.length === 0 ? null : (
      <section className={classes.section} aria-labelledby={`job-${key}`}>
        <h2 id={`job-${key}`}>{t(`detail.${key}`)}</h2>
        <ul className={classes.bullets}>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      </section>
    );
  };
  const description = pickText(job.description, language);
  const skills = pickSkills(job.skills, language);

  return (
    <article className={`container ${pageClasses.page} ${classes.withBar}`}>
      <Link to="/jobs" className={classes.back}>
        <IconArrowLeft size={16} aria-hidden="true" />
        {t('detail.back')}
      </Link>
      <div className={classes.jobLayout}>
        <div>
          <header className={classes.jobHead}>
            <div>
              <span className={classes.type}>{t(`types.${job.type}`)}</span>
            </div>
            <h1>{pickText(job.title, language)}</h1>
            <ul className={classes.facts}>
              <JobPlaceFacts job={job} />
            </ul>
          </header>
          {description && (
            <section className={classes.section} aria-labelledby="job-description">
              <h2 id="job-description">{t('detail.description')}</h2>
              <p>{description}</p>
            </section>
          )}
          {list('responsibilities')}
          {list('requirements')}
          {list('benefits')}
          {skills.length > 0 && (
            <section className={classes.section} aria-labelledby="job-skills">
              <h2 id="job-skills">{t('detail.skills')}</h2>
              <ul className={classes.skills}>
                {skills.map((skill) => (
                  <li key={skill}>{skill}</li>
                ))}
              </ul>
            </section>
          )}
          {job.materials.length > 0 && (
            <section className={classes.section} aria-labelledby="job-materials">
              <h2 id="job-materials">{t('detail.materials')}</h2>
              <ul className={classes.materials}>
                {job.materials.map((material) => (
                  <li key={material.id}>
                    <a href={material.url} download={material.name}>
                      {material.contentType === 'application/pdf' ? (
                        <IconFileText size={18} aria-hidden="true" />
                      ) : (
                        <IconPhoto size={18} aria-hidden="true" />
                      )}
                      {material.name} <small>{formatBytes(material.size, language)}</small>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside className={classes.aside} aria-label={t('detail.summary')}>
          <dl>
            <dt>{t('detail.company')}</dt>
            <dd>{job.company}</dd>
            <dt>{t('detail.type')}</dt>
            <dd>{t(`types.${job.type}`)}</dd>
            {job.postedAt && (
              <>
                <dt>{t('detail.posted')}</dt>
                <dd>{formatDate(job.postedAt, language)}</dd>
              </>
            )}
            <dt>{t('detail.deadline')}</dt>
            <dd>{day(job.deadline)}</dd>
          </dl>
          <ApplyAction apply={apply} wide />
          <Link to={contactLink('jobs', pickText(job.title, language))} className={classes.ask}>
            {t('detail.askQuestion')}
          </Link>
        </aside>
      </div>
      {!apply.application && apply.open && (
        <div className={classes.bar}>
          <p>{t('card.deadline', { date: day(job.deadline) })}</p>
          <ApplyAction apply={apply} />
        </div>
      )}
      {apply.confirming && <ApplyDialog job={job} apply={apply} />}
    </article>
  );
}
