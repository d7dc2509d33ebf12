import { apiHeaders, ApiRequestError, parseJson, refusalOf } from './api-client.ts';

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
      const data = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      const fallback = request.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL';
      reject(refusalOf(request.status, data, request.statusText, fallback));
    };
    request.onerror = () => reject(new ApiRequestError(0, 'NETWORK', 'network error'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
