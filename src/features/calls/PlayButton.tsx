import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';

/** A Calls History row's play button; the recording popover's trigger once it exists (Popover.Trigger passes its props). */
export function PlayButton({ callId, ...props }: ButtonProps & { callId: string; ref?: Ref<HTMLButtonElement> }) {
  const { t } = useLingui();
  return (
    <Button size="xs" variant="outline" colorPalette="blue" aria-label={t`Play recording of call ${callId}`} {...props}>
      <span aria-hidden="true">▶</span> {t`Play`}
    </Button>
  );
}
