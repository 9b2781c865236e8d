/**
 * Sends a file as a request's raw body and reports the bytes sent as they go. fetch() cannot report upload progress,
 * so this is the one place the app uses XMLHttpRequest; the answer is read like every other (ApiError on non-2xx).
 */
import { ApiError } from './api';

export interface TUploadProgress {
  loaded: number;
  total: number;
}

export function uploadWithProgress<T>(
  url: string,
  file: Blob,
  {
    contentType,
    onProgress,
    signal,
  }: { contentType: string; onProgress: (progress: TUploadProgress) => void; signal?: AbortSignal },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', contentType);
    request.withCredentials = true;
    request.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.total || file.size });
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress({ loaded: file.size, total: file.size });
        resolve((request.responseText ? JSON.parse(request.responseText) : undefined) as T);
      } else reject(new ApiError(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new Error('The upload was interrupted: check the connection and try again'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
