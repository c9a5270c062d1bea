import { Box } from '@chakra-ui/react/box';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type Ref, useEffect, useState } from 'react';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { saveFile } from '../../lib/saveFile.ts';
import { provideRecording, type Call } from './calls.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

/**
 * spec §2 Calls History: a recording's play popover with an audio player, and a download as
 * .wav. The button opens the popover from the keyboard too (Enter/Space); focus moves into it
 * and Escape closes it. The recording is fetched on first open and kept for the row.
 */
export function RecordingCell({ call }: { call: Pick<Call, 'id' | 'convertId' | 'CallRecording'> }) {
  const { t } = useLingui();
  // The popover (a Zag machine) and the recording's actor are made when the row's button is first
  // pressed: made for every row, they were much of the work of a page of Calls History (issue 17:
  // Total Blocking Time on phones), for popovers most visits never open.
  const [pressed, setPressed] = useState(false);
  if (!call.CallRecording) {
    return (
      <Text as="span" color="gray.500">
        <span aria-hidden="true">—</span>
        <Text as="span" srOnly>{t`No recording`}</Text>
      </Text>
    );
  }
  if (pressed) return <RecordingPopover call={call} />;
  return <PlayButton callId={call.convertId} onClick={() => setPressed(true)} />;
}

/** The row's play button; the popover's trigger once it exists (Popover.Trigger passes its props). */
function PlayButton({ callId, ...props }: ButtonProps & { callId: string; ref?: Ref<HTMLButtonElement> }) {
  const { t } = useLingui();
  return (
    <Button size="xs" variant="outline" colorPalette="blue" aria-label={t`Play recording of call ${callId}`} {...props}>
      <span aria-hidden="true">▶</span> {t`Play`}
    </Button>
  );
}

/**
 * The popover, open as it mounts (the press that made it): focus moves into it, and Escape
 * brings it back to the trigger, which took the pressed button's place.
 */
function RecordingPopover({ call }: { call: Pick<Call, 'id' | 'convertId'> }) {
  const { t } = useLingui();
  const { api } = useRootActors();
  const callId = call.convertId;
  const recording = useInspectedActorRef(provideRecording(api, call, saveFile));
  const file = useSelector(recording, (snapshot) => snapshot.context.file);
  const loading = useSelector(recording, (snapshot) => snapshot.matches('loading'));
  const failed = useSelector(recording, (snapshot) => snapshot.matches('failed'));

  // Mounted open: the press that made the popover is its first opening (spec: fetched on first open).
  useEffect(() => recording.send({ type: 'user.open' }), [recording]);

  // The object URL lives as long as the row.
  useEffect(() => {
    const url = file?.content;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  return (
    <Popover.Root
      defaultOpen
      lazyMount
      positioning={{ placement: 'bottom-start' }}
      onOpenChange={({ open }) => open && recording.send({ type: 'user.open' })}
    >
      <Popover.Trigger asChild>
        <PlayButton callId={callId} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '18rem', sm: '22rem' }} aria-label={t`Recording of call ${callId}`}>
            <Popover.Arrow />
            <Popover.Body display="flex" flexDirection="column" gap="3">
              <Popover.Title fontWeight="semibold">{t`Recording of call ${callId}`}</Popover.Title>
              {loading ? (
                <Box role="status" display="flex" alignItems="center" gap="2">
                  <Spinner size="sm" />
                  <Text fontSize="sm">{t`Loading recording…`}</Text>
                </Box>
              ) : null}
              {failed ? (
                <Text role="alert" fontSize="sm" color="red.700">
                  {t`Failed to get the recording.`}
                </Text>
              ) : null}
              {file ? (
                <>
                  <audio controls preload="auto" src={file.content} aria-label={t`Recording of call ${callId}`} style={{ width: '100%' }} />
                  <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => recording.send({ type: 'user.download' })}>
                    {t`Download .wav`}
                  </Button>
                </>
              ) : null}
            </Popover.Body>
            <Popover.CloseTrigger asChild position="absolute" top="1" insetEnd="1">
              <Button size="xs" variant="ghost" aria-label={t`Close`}>
                ✕
              </Button>
            </Popover.CloseTrigger>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
