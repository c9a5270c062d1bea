import { EXPIRED_ACCESS_TOKEN, type SessionPort } from './client.ts';

/** The upload endpoint (openapi `uploadFiles`), under the API's base path. */
export const UPLOAD_URL = '/api/user/files';

interface UploadAnswer {
  status: number;
  body: unknown;
}

/**
 * POST /user/files through XMLHttpRequest: fetch reports no upload progress, and spec §4 Upload
 * shows a counter. So this one request cannot go through the openapi-fetch client; it mirrors
 * its auth middleware (bearer token; on an expired token, ask the session to refresh and send
 * once more).
 */
function send(file: File, token: string | null, onProgress: (percent: number) => void, signal: AbortSignal): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', UPLOAD_URL);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    });
    request.addEventListener('load', () => resolve({ status: request.status, body: request.response as unknown }));
    request.addEventListener('error', () => reject(new Error('Upload failed: network error')));
    request.addEventListener('abort', () => reject(new Error('Upload aborted')));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

function isExpiredToken(answer: UploadAnswer): boolean {
  if (answer.status !== 401 || typeof answer.body !== 'object' || answer.body === null) return false;
  const body = answer.body as { error?: unknown; error_description?: unknown };
  return body.error === EXPIRED_ACCESS_TOKEN || body.error_description === EXPIRED_ACCESS_TOKEN;
}

/**
 * spec §7 POST /user/files: the answer lists all the user's files, newest first; the client
 * finds its own by filename and keeps the URL without its query string.
 */
export function uploadedUrl(body: unknown, filename: string): string | null {
  const files = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(files)) return null;
  const entries = files.filter(
    (entry): entry is { filename: string; url: string } =>
      typeof entry === 'object' && entry !== null && typeof entry.filename === 'string' && typeof entry.url === 'string',
  );
  const mine = entries.find((entry) => entry.filename === filename) ?? entries[0];
  return mine ? mine.url.split('?')[0]! : null;
}

/**
 * Sends a file (POST /user/files) and answers the stored file's URL; on an expired token the
 * session refreshes once and the file is sent once more (spec §4 Token refresh). Rejects when the
 * upload fails or `signal` aborts it.
 */
export async function uploadFile(session: SessionPort, file: File, onProgress: (percent: number) => void = () => {}, signal: AbortSignal = new AbortController().signal): Promise<string> {
  const token = session.accessToken();
  let answer = await send(file, token, onProgress, signal);
  if (isExpiredToken(answer)) {
    const fresh = await session.refreshAccessToken(token);
    if (!fresh || signal.aborted) throw new Error('Upload failed: session expired');
    answer = await send(file, fresh, onProgress, signal);
  }
  const url = answer.status === 201 || answer.status === 200 ? uploadedUrl(answer.body, file.name) : null;
  if (url === null) throw new Error(`Upload failed: status ${answer.status}`);
  return url;
}
