import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Popover } from '@chakra-ui/react/popover';
import { Portal } from '@chakra-ui/react/portal';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type ReactElement, useEffect } from 'react';
import type { provideRecording } from './calls.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

export interface RecordingPopoverProps {
  /** The call's number, as the popover names it. */
  callId: string;
  /** The recording's machine (calls.actors.ts): this chunk imports nothing of the screen's own. */
  machine: ReturnType<typeof provideRecording>;
  /** The play button, which becomes the popover's trigger. */
  trigger: ReactElement;
}

/**
 * The popover, open as it mounts (the press that made it): focus moves into it, and Escape
 * brings it back to the trigger, which took the pressed button's place.
 */
export default function RecordingPopover({ callId, machine, trigger }: RecordingPopoverProps) {
  const { t } = useLingui();
  const recording = useInspectedActorRef(machine);
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
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
