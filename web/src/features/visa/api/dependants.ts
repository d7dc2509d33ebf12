import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import type { VisaApplication, VisaDependant, VisaDependantInput } from '@aylal/shared/schemas/visa';
import { apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

const dependantsPath = (applicationId: string) =>
  `/api/visa-applications/${encodeURIComponent(applicationId)}/dependants`;

/** Writes one change to the cached application at once (the list shows it), then asks again. */
function applyToApplication(
  client: QueryClient,
  applicationId: string,
  change: (list: VisaDependant[]) => VisaDependant[],
) {
  client.setQueryData<VisaApplication>(queryKeys.visa.detail(applicationId), (application) =>
    application ? { ...application, dependantList: change(application.dependantList) } : application,
  );
  void forget(client, changed.visa(applicationId));
}

/** POST /api/visa-applications/:id/dependants: DEPENDANT_EXISTS for a name already listed. */
export function useAddDependant(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: VisaDependantInput) =>
      apiRequest<VisaDependant>(dependantsPath(applicationId), { method: 'POST', body: values }),
    onSuccess: (created) => applyToApplication(client, applicationId, (list) => [...list, created]),
  });
}

/** PUT /api/visa-applications/:id/dependants/:dependantId. */
export function useUpdateDependant(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: VisaDependantInput }) =>
      apiRequest<VisaDependant>(`${dependantsPath(applicationId)}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: values,
      }),
    onSuccess: (saved) =>
      applyToApplication(client, applicationId, (list) => list.map((item) => (item.id === saved.id ? saved : item))),
  });
}

/** DELETE /api/visa-applications/:id/dependants/:dependantId (its documents go with it). */
export function useDeleteDependant(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<null>(`${dependantsPath(applicationId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_nothing, id) => {
      client.setQueryData<VisaApplication>(queryKeys.visa.detail(applicationId), (application) =>
        application
          ? {
              ...application,
              dependantList: application.dependantList.filter((item) => item.id !== id),
              documents: application.documents.filter((document) => document.dependantId !== id),
            }
          : application,
      );
      void forget(client, changed.visa(applicationId));
    },
  });
}
