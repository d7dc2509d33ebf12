import type { ContactRequest } from '@aylal/shared/schemas/contact';
import { issueContactFormToken } from '../src/modules/contact/index.ts';
import type { TestApp } from './helpers.ts';

/** A question about a welder job, sent signed out through a contact form `t` gave 20 s ago. */
export const welderJobQuestion = (t: TestApp): ContactRequest => ({
  title: 'Welder job',
  type: 'jobs',
  name: 'Bat Erdene',
  email: 'bat@example.com',
  contact: '',
  message: 'Is the job still open?',
  formToken: issueContactFormToken(t.config.AUTH_SECRET, Date.now() - 20_000),
});
