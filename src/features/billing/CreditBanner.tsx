import { Alert } from '@chakra-ui/react/alert';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { creditBanner } from '../../../machines/credits/credits.selectors.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { messageText } from '../../i18n/messageText.ts';
import { RouterLink } from '../../ui/RouterLink.tsx';
import { forecastText } from './forecastText.ts';

/** spec §4 Credit banner (and issue 20's run-out warning): derived by the credits machine; the link goes to /billing. */
export function CreditBanner() {
  const { i18n } = useLingui();
  const { credits } = useRootActors();
  const banner = useSelector(credits, creditBanner);
  if (!banner) return null;
  return (
    <Alert.Root status={banner.status} role={banner.status === 'error' ? 'alert' : 'status'} mb="4" data-testid="credit-banner">
      <Alert.Indicator />
      <Alert.Title>
        {forecastText(i18n, banner.message, banner.day)} <RouterLink to="/billing">{messageText(i18n, banner.link)}</RouterLink>
      </Alert.Title>
    </Alert.Root>
  );
}
