import { Button } from './Button.tsx';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';

export interface ConfirmDialogProps {
  /** Open while the action waits for an answer or runs (the machine's confirming/acting states). */
  open: boolean;
  /** e.g. "Delete widget?" */
  title: string;
  /** e.g. "Are you sure you want to delete widget? This action is irreversible." */
  text: string;
  /** The confirmed action runs: the confirm button spins and the dialog cannot be dismissed. */
  busy?: boolean;
  /** "Yes, I am sure." */
  onConfirm: () => void;
  /** "Cancel", Escape or a click outside. */
  onCancel: () => void;
  /**
   * Where focus goes when the dialog closes, when not back to the button that opened it: a
   * deleted row takes that button with it, and focus would fall to the page. Null: that button.
   * (Focusing elsewhere while the dialog closes does not hold: its focus trap takes focus back.)
   */
  finalFocus?: () => HTMLElement | null;
}

/**
 * The confirmation of an irreversible action (spec §2 Widgets, Agents: "Yes, I am sure." and
 * "Cancel"). An alert dialog that keeps focus inside and starts on Cancel, the safe choice; it
 * only reports the user's answer, the screen's machine decides what happens.
 */
export function ConfirmDialog({ open, title, text, busy = false, onConfirm, onCancel, finalFocus }: ConfirmDialogProps) {
  const { t } = useLingui();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={finalFocus}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content maxWidth="md">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{text}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={busy}>
                {t`Cancel`}
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                {t`Yes, I am sure.`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
