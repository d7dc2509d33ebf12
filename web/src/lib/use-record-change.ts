import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@aylal/shared/query-keys';
import { forget } from './forget.ts';

/**
 * A change staff make to one record (a conversation, a visa application) whose answer is the record
 * as it now is: the answer takes the record's place in the cache (`key`), then `stale(answer)` is
 * asked again: the lists once it is changed, the record too when refused (the answer is missing),
 * since someone else may have changed it in between.
 */
export function useRecordChange<Input, Detail>(
  key: QueryKey,
  send: (input: Input) => Promise<Detail>,
  stale: (answer: Detail | undefined) => readonly QueryKey[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => client.setQueryData(key, detail),
    onSettled: (detail) => forget(client, stale(detail)),
  });
}
