import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { uploadMachine, type UploadedFile, type UploaderEvent, type UploaderInput } from '../../../../machines/upload/upload.machine.ts';
import type { ApiClient, SessionPort } from '../../../api/client.ts';
import { dataOrThrow } from '../../../api/failure.ts';
import { uploadFile } from '../../../api/fileUpload.ts';
import { notify } from '../../../lib/toaster.ts';

/** Sends the file and reports progress and the outcome to the upload machine. */
export function createFileUploader(session: SessionPort) {
  return fromCallback<EventObject, UploaderInput>(({ input, sendBack }) => {
    const report = (event: UploaderEvent) => sendBack(event);
    const aborted = new AbortController();
    const progress = (percent: number) => report({ type: 'upload.progress', percent });
    uploadFile(session, input.file, progress, aborted.signal).then(
      (url) => report({ type: 'upload.succeeded', url }),
      (error: unknown) => {
        if (!aborted.signal.aborted) report({ type: 'upload.failed', error });
      },
    );
    return () => aborted.abort();
  });
}

/** spec §7 GET /user/files ("file list on load"): the account's uploads, newest first. */
export function createFilesLoader(api: ApiClient) {
  return fromPromise<UploadedFile[]>(async ({ signal }) => {
    const { data } = dataOrThrow(await api.GET('/user/files', { signal }));
    return data.map(({ filename, url }) => ({ filename, url }));
  });
}

/** The upload machine with the real uploader, file list and notices. */
export function provideUploadMachine(session: SessionPort, api: ApiClient) {
  return uploadMachine.provide({
    actors: { fileUploader: createFileUploader(session), filesLoader: createFilesLoader(api) },
    actions: { showNotice: (_, { message }) => notify('error', message) },
  });
}
