import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from './upload.machine.ts';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

export const isUploading = (snapshot: UploadSnapshot) => snapshot.matches('uploading');
export const uploadProgress = (snapshot: UploadSnapshot) => snapshot.context.progress;
export const uploadFileName = (snapshot: UploadSnapshot) => snapshot.context.fileName;
export const uploadError = (snapshot: UploadSnapshot) => snapshot.context.error;
