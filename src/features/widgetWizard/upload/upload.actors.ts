import { fromCallback, type EventObject } from 'xstate';
import { uploadMachine, type UploaderEvent, type UploaderInput } from '../../../../machines/upload/upload.machine.ts';
import { EXPIRED_ACCESS_TOKEN, type SessionPort } from '../../../api/client.ts';

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

/** Sends the file and reports progress and the outcome to the upload machine. */
export function createFileUploader(session: SessionPort) {
  return fromCallback<EventObject, UploaderInput>(({ input, sendBack }) => {
    const report = (event: UploaderEvent) => sendBack(event);
    const aborted = new AbortController();
    const progress = (percent: number) => report({ type: 'upload.progress', percent });
    void (async () => {
      const token = session.accessToken();
      let answer = await send(input.file, token, progress, aborted.signal);
      if (isExpiredToken(answer)) {
        // spec §4 Token refresh: the auth statechart refreshes once; the upload is sent once more.
        const fresh = await session.refreshAccessToken(token);
        if (!fresh || aborted.signal.aborted) throw new Error('Upload failed: session expired');
        answer = await send(input.file, fresh, progress, aborted.signal);
      }
      const url = answer.status === 201 || answer.status === 200 ? uploadedUrl(answer.body, input.file.name) : null;
      if (url === null) throw new Error(`Upload failed: status ${answer.status}`);
      report({ type: 'upload.succeeded', url });
    })().catch((error: unknown) => {
      if (!aborted.signal.aborted) report({ type: 'upload.failed', error });
    });
    return () => aborted.abort();
  });
}

/** The upload machine with the real uploader. */
export function provideUploadMachine(session: SessionPort) {
  return uploadMachine.provide({ actors: { fileUploader: createFileUploader(session) } });
}
