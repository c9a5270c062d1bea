import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { isUploading, uploadedFileName, uploadedFiles, uploadError, uploadFileName, uploadProgress } from '../../../../machines/upload/upload.selectors.ts';
import type { UploadKind } from '../../../../machines/upload/upload.rules.ts';
import { useRootActors } from '../../../session/RootActorsContext.tsx';
import { useSessionPort } from '../../../session/useSessionPort.ts';
import type { UploadFieldState } from '../../../ui/FileUpload.tsx';
import { provideUploadMachine } from './upload.actors.ts';
import { useInspectedActorRef } from '../../../statecharts/useInspectedActorRef.ts';

/**
 * One upload field of the widget wizard (spec §4 Upload): the Design step's picture
 * (`'image'`) or the General step's waiting audio (`'audio'`). `onUploaded` receives the stored
 * file's URL, or null when the selection was emptied; the page puts it into the wizard's draft
 * (e.g. `settings.callSetup.picture.src`). Hand the result to the steps' `upload` prop (or to
 * `FileUpload`).
 */
export function useUpload(kind: UploadKind, onUploaded: (url: string | null) => void): UploadFieldState {
  const session = useSessionPort();
  const { api } = useRootActors();
  const machine = useMemo(() => provideUploadMachine(session, api), [session, api]);
  const actor = useInspectedActorRef(machine, { input: { kind } });
  useEffect(() => {
    const subscription = actor.on('upload.changed', (event) => onUploaded(event.url));
    return () => subscription.unsubscribe();
  }, [actor, onUploaded]);
  const fileName = useSelector(actor, uploadFileName);
  const progress = useSelector(actor, uploadProgress);
  const uploading = useSelector(actor, isUploading);
  const error = useSelector(actor, uploadError);
  const files = useSelector(actor, uploadedFiles);
  return useMemo(
    () => ({
      fileName,
      progress,
      uploading,
      error,
      select: (file: File | null) => actor.send({ type: 'user.select', file }),
      // spec §7 GET /user/files: the held file by the name it was uploaded under.
      storedName: (url: string) => uploadedFileName(files, url),
    }),
    [actor, fileName, progress, uploading, error, files],
  );
}
