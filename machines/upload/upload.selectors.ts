import type { SnapshotFrom } from 'xstate';
import type { UploadedFile, uploadMachine } from './upload.machine.ts';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

export const isUploading = (snapshot: UploadSnapshot) => snapshot.matches('uploading');
export const uploadProgress = (snapshot: UploadSnapshot) => snapshot.context.progress;
export const uploadFileName = (snapshot: UploadSnapshot) => snapshot.context.fileName;
export const uploadError = (snapshot: UploadSnapshot) => snapshot.context.error;

/** The account's uploads, loaded with the field (spec §7 GET /user/files). */
export const uploadedFiles = (snapshot: UploadSnapshot) => snapshot.context.files;

/**
 * The original name of the upload served at `url` (the value a widget already holds), or null
 * when the account's file list does not have it.
 */
export function uploadedFileName(files: readonly UploadedFile[], url: string | null | undefined): string | null {
  if (!url) return null;
  const wanted = url.split('?')[0];
  return files.find((file) => file.url.split('?')[0] === wanted)?.filename ?? null;
}
