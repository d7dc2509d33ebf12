import { useMutation, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { changed, queryKeys } from '@aylal/shared/query-keys';
import type { VisaApplication, VisaDocument, VisaDocumentKind } from '@aylal/shared/schemas/visa';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { forget } from '../../../lib/forget.ts';

const documentsPath = (applicationId: string) =>
  `/api/visa-applications/${encodeURIComponent(applicationId)}/documents`;

/** Where a document opens (the owner's session reads it; never cached by a shared cache). */
export function documentUrl(applicationId: string, documentId: string) {
  return `${documentsPath(applicationId)}/${encodeURIComponent(documentId)}`;
}

export interface UploadRequest {
  applicationId: string;
  kind: VisaDocumentKind;
  dependantId: string | null;
  file: File;
  /** Called as the file goes up: 0 to 1. */
  onProgress: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/visa-applications/:id/documents, multipart (kind, dependantId, file). Sent with
 * XMLHttpRequest, not fetch, for its upload progress; the same headers as `apiRequest`, and its
 * refusals as ApiRequestError.
 */
export function uploadDocument({ applicationId, kind, dependantId, file, onProgress, signal }: UploadRequest) {
  return new Promise<VisaDocument>((resolve, reject) => {
    const body = new FormData();
    body.append('kind', kind);
    if (dependantId) body.append('dependantId', dependantId);
    body.append('file', file, file.name);

    const request = new XMLHttpRequest();
    request.open('POST', documentsPath(applicationId));
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('accept-language', i18n.language || 'en');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(data as VisaDocument);
        return;
      }
      const error = (data as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
      // A proxy's own 413 has no body of ours: it is still a file too large.
      const code = error?.code ?? (request.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL');
      reject(new ApiRequestError(request.status, code, error?.message ?? request.statusText, error?.details));
    };
    request.onerror = () => reject(new ApiRequestError(0, 'NETWORK', 'network error'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
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
