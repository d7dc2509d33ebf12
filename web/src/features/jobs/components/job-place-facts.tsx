import { IconBriefcase, IconMapPin } from '@tabler/icons-react';
import type { JobListItem } from '@aylal/shared/schemas/jobs';
import { pickText } from '@aylal/shared/trip-rules';
import { useLanguage } from '../../../lib/use-language.ts';

/** A job's company and place, two items of a list of its facts (on its card and its page). */
export function JobPlaceFacts({ job }: { job: Pick<JobListItem, 'company' | 'location'> }) {
  const language = useLanguage();
  return (
    <>
      <li>
        <IconBriefcase size={16} aria-hidden="true" />
        {job.company}
      </li>
      <li>
        <IconMapPin size={16} aria-hidden="true" />
        {pickText(job.location, language)}
      </li>
    </>
  );
}
