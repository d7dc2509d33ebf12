import { IconCalendarEvent, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { pickSkills } from '@aylal/shared/job-rules';
import type { JobListItem } from '@aylal/shared/schemas/jobs';
import { pickText } from '@aylal/shared/trip-rules';
import classes from './jobs.module.css';
import { JobPlaceFacts } from './job-place-facts.tsx';
import { useLanguage } from '../../../lib/use-language.ts';

/** One job in the list: title (the link), company, place, type, deadline and a few skills. */
export function JobCard({ job, applied }: { job: JobListItem; applied: boolean }) {
  const { t } = useTranslation('jobs');
  const language = useLanguage();
  const summary = pickText(job.summary, language);
  const skills = pickSkills(job.skills, language);
  return (
    <article className={classes.card}>
      <div className={classes.cardTop}>
        <span className={classes.type}>{t(`types.${job.type}`)}</span>
        {applied && (
          <span className={classes.applied}>
            <IconCircleCheck size={16} aria-hidden="true" />
            {t('card.applied')}
          </span>
        )}
      </div>
      <h2 className={classes.cardTitle}>
        <Link to={`/jobs/${job.id}`} className={classes.cardLink}>
          {pickText(job.title, language)}
        </Link>
      </h2>
      <ul className={classes.facts}>
        <JobPlaceFacts job={job} />
        <li>
          <IconCalendarEvent size={16} aria-hidden="true" />
          {t('card.deadline', { date: formatDate(job.deadline, language, { timeZone: 'UTC' }) })}
        </li>
      </ul>
      {summary && <p className={classes.summary}>{summary.length >= 240 ? `${summary.trimEnd()}…` : summary}</p>}
      {skills.length > 0 && (
        <ul className={classes.skills} aria-label={t('detail.skills')}>
          {skills.slice(0, 4).map((skill) => (
            <li key={skill}>{skill}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
