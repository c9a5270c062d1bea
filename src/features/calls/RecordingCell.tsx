import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '../../lib/toaster.ts';
import { callsMessages } from './calls.messages.ts';
import { saveFile } from '../../lib/saveFile.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { provideRecording, type Call } from './calls.actors.ts';
import { PlayButton } from './PlayButton.tsx';

// The popover (Chakra's, with Zag's popper and Floating UI: about 10 kB gzip) comes in a chunk of
// its own, fetched when a play button is pointed at or focused: in the screen's chunk, its bytes
// were downloaded before the first paint of Calls History (issue 17: Largest Contentful Paint).
// Not React.lazy in a transition: a transition waiting for a chunk holds every other one back.
const loadPopover = () => import('./RecordingPopover.tsx').then((module) => module.default);
const preloadPopover = () => void loadPopover().catch(() => undefined);
type RecordingPopoverComponent = Awaited<ReturnType<typeof loadPopover>>;

/**
 * spec §2 Calls History: a recording's play popover with an audio player, and a download as
 * .wav. The button opens the popover from the keyboard too (Enter/Space); focus moves into it
 * and Escape closes it. The recording is fetched on first open and kept for the row.
 */
export function RecordingCell({ call }: { call: Pick<Call, 'id' | 'convertId' | 'CallRecording'> }) {
  const { t } = useLingui();
  const { api } = useRootActors();
  // The popover (a Zag machine) and the recording's actor are made when the row's button is first
  // pressed: made for every row, they were much of the work of a page of Calls History (issue 17:
  // Total Blocking Time on phones), for popovers most visits never open. The pressed button (and
  // its focus) stays until the popover's chunk has loaded.
  const [RecordingPopover, setRecordingPopover] = useState<RecordingPopoverComponent | null>(null);
  if (!call.CallRecording) {
    return (
      <Text as="span" color="gray.500">
        <span aria-hidden="true">—</span>
        <Text as="span" srOnly>{t`No recording`}</Text>
      </Text>
    );
  }
  if (RecordingPopover) {
    return <RecordingPopover callId={call.convertId} machine={provideRecording(api, call, saveFile)} trigger={<PlayButton callId={call.convertId} />} />;
  }
  return (
    <PlayButton
      callId={call.convertId}
      onPointerEnter={preloadPopover}
      onFocus={preloadPopover}
      onClick={() =>
        loadPopover().then(
          (component) => setRecordingPopover(() => component),
          () => notify('error', callsMessages.recordingFailed),
        )
      }
    />
  );
}
