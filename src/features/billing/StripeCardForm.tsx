import { Box } from '@chakra-ui/react/box';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Notice } from '../../ui/Notice.tsx';
import type { CardProcessor } from './cardProcessor.ts';
import { createStripeCardProcessor, loadStripeJs } from './stripeCardProcessor.ts';
import { LoadingStatus } from '../../ui/LoadingStatus.tsx';

/**
 * Stripe Elements' card field, loaded only here (spec §7: a card payment provider client with a
 * publishable key). A Stripe.js that fails to load shows a clear message, never a blank form.
 */
export function StripeCardForm({ publishableKey, onReady }: { publishableKey: string; onReady: (processor: CardProcessor | null) => void }) {
  const { t } = useLingui();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    let unmount: (() => void) | undefined;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (cancelled || !mountPoint.current) return;
        const card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current);
        unmount = () => card.destroy();
        onReady(createStripeCardProcessor(stripe, card));
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      unmount?.();
      onReady(null);
    };
  }, [publishableKey, onReady]);
  return (
    <Box>
      {state === 'failed' ? (
        <Notice status="error">{t`The card form could not be loaded (Failed to load Stripe.js). Check your connection and reload the page.`}</Notice>
      ) : null}
      {state === 'loading' ? <LoadingStatus size="sm" justifyContent="start" /> : null}
      <Box ref={mountPoint} borderWidth={state === 'ready' ? '1px' : '0'} borderRadius="md" p={state === 'ready' ? '3' : '0'} bg="white" />
    </Box>
  );
}
