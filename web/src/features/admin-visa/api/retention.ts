import { changed, queryKeys } from '@aylal/shared/query-keys';
import type { RetentionSettings } from '@aylal/shared/retention';
import { useSaveSetting, useSetting } from '../../../lib/settings.ts';

const PATH = '/api/admin/settings/retention';

/** The retention schedule (docs/decisions/027): days after each outcome. */
export function useRetention() {
  return useSetting<RetentionSettings>(queryKeys.admin.retention, PATH);
}

export function useSaveRetention() {
  // Every decided application's deletion date moves with it.
  const changes = [queryKeys.visa.all, queryKeys.admin.visa.all, ...changed.settings()];
  return useSaveSetting<RetentionSettings>(queryKeys.admin.retention, PATH, changes);
}
