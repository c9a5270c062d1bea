import { Alert } from '@chakra-ui/react/alert';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The local card processor's 3-D Secure step (test card 4000 0027 6000 3184), in the page like
 * Stripe's test authentication frame with its two answers, Complete and Fail. `ask()` opens it
 * and resolves with the answer; the payment form's submit waits on it meanwhile.
 */
export function useThreeDSecureChallenge() {
  const [pending, setPending] = useState<((approve: boolean) => void) | null>(null);
  const ask = useCallback(() => new Promise<boolean>((resolve) => setPending(() => resolve)), []);
  const answer = useCallback(
    (approve: boolean) => {
      pending?.(approve);
      setPending(null);
    },
    [pending],
  );
  return { open: pending !== null, ask, answer };
}

export function ThreeDSecureChallenge({ open, onAnswer }: { open: boolean; onAnswer: (approve: boolean) => void }) {
  const { t } = useLingui();
  const complete = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) complete.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <Alert.Root status="info" role="alertdialog" aria-label={t`3-D Secure authentication`} flexWrap="wrap" gap="3" data-testid="three-d-secure">
      <Alert.Indicator />
      <Box flex="1" minWidth="60">
        <Alert.Title>
          <Trans>3-D Secure authentication</Trans>
        </Alert.Title>
        <Alert.Description>
          <Trans>Your card asks you to confirm this payment. This is the local test processor: no real card is charged.</Trans>
        </Alert.Description>
      </Box>
      <Button ref={complete} type="button" size="sm" colorPalette="blue" onClick={() => onAnswer(true)}>
        <Trans>Complete authentication</Trans>
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={() => onAnswer(false)}>
        <Trans>Fail authentication</Trans>
      </Button>
    </Alert.Root>
  );
}
