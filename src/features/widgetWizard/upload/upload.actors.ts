import { fromCallback, type EventObject } from 'xstate';
import { uploadMachine, type UploaderEvent, type UploaderInput } from '../../../../machines/upload/upload.machine.ts';
import type { SessionPort } from '../../../api/client.ts';
import { uploadFile } from '../../../api/fileUpload.ts';

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

/** The upload machine with the real uploader. */
export function provideUploadMachine(session: SessionPort) {
  return uploadMachine.provide({ actors: { fileUploader: createFileUploader(session) } });
}
