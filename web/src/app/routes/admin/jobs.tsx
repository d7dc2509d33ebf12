import { JobsTable } from '../../../features/admin-jobs/components/jobs-table.tsx';
import { shellPage } from './shell-page.tsx';

/** /admin/jobs: every job, and a new one. */
export const Component = shellPage(
  { title: 'nav.jobs', intro: 'jobsAdmin.intro', create: { to: '/admin/jobs/new', label: 'jobsAdmin.newJob' } },
  JobsTable,
);
