import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import type { VisaApplication, VisaDocument, VisaDocumentKind } from '@aylal/shared/schemas/visa';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiUpload, type UploadOptions } from '../../../lib/api-upload.ts';
import { forget } from '../../../lib/forget.ts';

const documentsPath = (applicationId: string) =>
  `/api/visa-applications/${encodeURIComponent(applicationId)}/documents`;

/** Where a document opens (the owner's session reads it; never cached by a shared cache). */
export function documentUrl(applicationId: string, documentId: string) {
  return `${documentsPath(applicationId)}/${encodeURIComponent(documentId)}`;
}

export interface UploadRequest extends UploadOptions {
  applicationId: string;
  kind: VisaDocumentKind;
  dependantId: string | null;
  file: File;
}

/** POST /api/visa-applications/:id/documents, multipart (kind, dependantId, file), with its progress. */
export function uploadDocument({ applicationId, kind, dependantId, file, ...options }: UploadRequest) {
  const body = new FormData();
  body.append('kind', kind);
  if (dependantId) body.append('dependantId', dependantId);
  body.append('file', file, file.name);
  return apiUpload<VisaDocument>(documentsPath(applicationId), body, options);
}

/** Uploads one file; the new document replaces that person's file of that kind in the cached application. */
export function useUploadDocument(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<UploadRequest, 'applicationId'>) => uploadDocument({ ...request, applicationId }),
    onSuccess: (created) => {
      client.setQueryData<VisaApplication>(queryKeys.visa.detail(applicationId), (application) =>
        application
          ? {
              ...application,
              documents: [
                ...application.documents.filter(
                  (item) => !(item.kind === created.kind && item.dependantId === created.dependantId),
                ),
                created,
              ],
            }
          : application,
      );
      void forget(client, changed.visa(applicationId));
    },
  });
}

/** DELETE /api/visa-applications/:id/documents/:documentId. */
export function useDeleteDocument(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => apiRequest<null>(documentUrl(applicationId, documentId), { method: 'DELETE' }),
    onSuccess: (_nothing, documentId) => {
      client.setQueryData<VisaApplication>(queryKeys.visa.detail(applicationId), (application) =>
        application
          ? { ...application, documents: application.documents.filter((item) => item.id !== documentId) }
          : application,
      );
      void forget(client, changed.visa(applicationId));
    },
  });
}
