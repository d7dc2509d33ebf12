import { answerOf, apiHeaders, ApiRequestError } from './api-client.ts';

export interface UploadOptions {
  /** Called as the file goes up: 0 to 1 (1 once the server has answered). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart body (file uploads) to the API. Sent with XMLHttpRequest, not fetch, for its
 * upload progress; the same headers as `apiRequest`, its refusals as ApiRequestError (a proxy's own
 * 413, with no body of ours, is still PAYLOAD_TOO_LARGE), and a cancelled upload an AbortError.
 */
export function apiUpload<T>(path: string, body: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        const answer = answerOf<T>(
          request.status,
          request.responseText,
          request.statusText,
          request.getResponseHeader('x-request-id'),
        );
        onProgress?.(1);
        resolve(answer);
      } catch (refusal) {
        const bare = refusal instanceof ApiRequestError && refusal.code === 'INTERNAL' && request.status === 413;
        reject(bare ? new ApiRequestError(413, 'PAYLOAD_TOO_LARGE', request.statusText) : refusal);
      }
    };
    request.onerror = () => reject(new ApiRequestError(0, 'NETWORK', 'network error'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
