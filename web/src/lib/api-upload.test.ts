import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { apiUpload } from './api-upload.ts';

afterEach(() => vi.unstubAllGlobals());

/** A browser's XMLHttpRequest whose server answers `status` and `body` after two progress events. */
function server(status: number, body: string) {
  const sent: { method: string; path: string; headers: Record<string, string>; withCredentials: boolean }[] = [];
  class FakeRequest {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onabort?: () => void;
    onerror?: () => void;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private request = { method: '', path: '', headers: {} as Record<string, string> };
    open(method: string, path: string) {
      this.request = { method, path, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'x-request-id' ? '0a1b2c3d4e5f' : null;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      sent.push({ ...this.request, withCredentials: this.withCredentials });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      setTimeout(() => {
        Object.assign(this, { status, statusText: 'Status', responseText: body });
        this.onload?.();
      }, 1);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

describe('apiUpload', () => {
  it('sends with the API headers and the session cookie, telling its progress, and resolves the answer', async () => {
    const sent = server(201, JSON.stringify({ id: 'f1' }));
    const progress: number[] = [];
    const answer = await apiUpload('/api/files', new FormData(), { onProgress: (share) => progress.push(share) });
    expect(answer).toEqual({ id: 'f1' });
    expect(progress).toEqual([0.5, 1, 1]);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/files', withCredentials: true });
    expect(sent[0]!.headers).toMatchObject({ accept: 'application/json' });
    expect(sent[0]!.headers['accept-language']).toBeTruthy();
  });

  it("rejects with the API's refusal, and a proxy's bare 413 as too large", async () => {
    server(415, JSON.stringify({ error: { code: 'UNSUPPORTED_FILE', message: 'No.' } }));
    await expect(apiUpload('/api/files', new FormData())).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE',
    });
    server(413, '<html>Request Entity Too Large</html>');
    const refusal = await apiUpload('/api/files', new FormData()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiRequestError);
    expect(refusal).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', requestId: undefined });
    // A failure on our side keeps the request's id, for the person to quote.
    server(500, JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal Server Error' } }));
    await expect(apiUpload('/api/files', new FormData())).rejects.toMatchObject({ requestId: '0a1b2c3d4e5f' });
  });

  it('rejects a cancelled upload with an AbortError', async () => {
    server(201, '{}');
    const controller = new AbortController();
    const going = apiUpload('/api/files', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(going).rejects.toMatchObject({ name: 'AbortError' });
  });
});
