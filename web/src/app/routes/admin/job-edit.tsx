import { useAdminJob } from '../../../features/admin-jobs/api/admin-jobs.ts';
import { JobForm } from '../../../features/admin-jobs/forms/job-form.tsx';
import { editPage } from './edit-page.tsx';

/** /admin/jobs/new and /admin/jobs/:id: the job form; a new job opens for editing once saved. */
export const Component = editPage({
  list: '/admin/jobs',
  entity: 'job',
  words: { back: 'jobsAdmin.back', create: 'jobsAdmin.newJob', edit: 'jobsAdmin.editTitle' },
  useRecord: useAdminJob,
  form: (job, onSaved) => <JobForm key={job?.id ?? 'new'} job={job} onSaved={onSaved} />,
});
