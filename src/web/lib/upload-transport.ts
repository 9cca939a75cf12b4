import type { RawResponse } from './api-envelope';
import { abortedError, networkError, timeoutError, type Call } from './api-transport';

/** fetch cannot report upload progress; XMLHttpRequest can. */
export function xhrUpload(
  call: Call & { upload: NonNullable<Call['upload']> },
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const { onProgress } = call.upload;
    let lastPercent = -1;
    const report = (loaded: number, total: number) => {
      const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
      lastPercent = percent;
      try {
        onProgress?.({ loaded, total, percent });
      } catch {
        // A failing progress display must not fail the upload.
      }
    };
    const onCallerAbort = () => xhr.abort();

    xhr.open(call.method, call.url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = timeoutMs;
    xhr.withCredentials = false; // same-origin requests still carry cookies; cross-site ones do not
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) report(event.loaded, event.total);
      });
      xhr.upload.addEventListener('load', (event) => {
        if (lastPercent < 100) report(event.total || event.loaded, event.total || event.loaded);
      });
    }
    xhr.addEventListener('load', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      resolve({ status: xhr.status, text: xhr.responseText });
    });
    xhr.addEventListener('error', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      reject(networkError());
    });
    xhr.addEventListener('timeout', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      reject(timeoutError());
    });
    xhr.addEventListener('abort', () => {
      signal?.removeEventListener('abort', onCallerAbort);
      reject(abortedError());
    });
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    xhr.send(call.upload.formData);
  });
}
