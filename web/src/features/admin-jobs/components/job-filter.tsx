import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { Bilingual } from '@aylal/shared/schemas/trips';
import { pickText } from '@aylal/shared/trip-rules';
import { useAdminJob, useAdminJobs } from '../api/admin-jobs.ts';
import { useLanguage } from '../../../lib/use-language.ts';

/** The applications' job filter: searches every job on the server as staff type (newest first when empty). */
export function JobFilter({ value, onChange }: { value: string; onChange: (jobId: string) => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [jobSearch, setJobSearch] = useState('');
  const [jobQ] = useDebouncedValue(jobSearch.trim(), 250);
  const chosenJob = useAdminJob(value || undefined);
  const jobLabel = (job: { title: Bilingual; company: string }) => `${pickText(job.title, language)} · ${job.company}`;
  const chosenLabel = chosenJob.data ? jobLabel(chosenJob.data) : '';
  const jobs = useAdminJobs({
    q: jobQ && jobQ !== chosenLabel ? jobQ : undefined,
    sort: 'newest',
    page: 1,
    pageSize: 30,
  });
  return (
    <Select
      label={t('applicationsAdmin.job')}
      w={260}
      searchable
      searchValue={jobSearch}
      onSearchChange={setJobSearch}
      // The server has matched already (in either language); the list is not narrowed again here.
      filter={({ options }) => options}
      nothingFoundMessage={t('applicationsAdmin.noJobFound')}
      allowDeselect={false}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      data={[
        { value: '', label: t('applicationsAdmin.allJobs') },
        // The chosen job first, wherever it is in the list (or not in it).
        ...(value ? [{ value, label: chosenLabel || t('applicationsAdmin.thisJob') }] : []),
        ...(jobs.data?.items ?? [])
          .filter((job) => job.id !== value)
          .map((job) => ({ value: job.id, label: jobLabel(job) })),
      ]}
    />
  );
}
