import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { GA4_CALL_EVENT, GA4_CALL_PARAMS } from '../../../common/rules/ga4.ts';

/** The event and its parameters as GA4 gets them (openapi/dashboard.yaml, saveGa4Settings). */
const EVENT = GA4_CALL_EVENT;
const PARAMS = GA4_CALL_PARAMS.join(', ');
const COOKIE = '_ga';

/**
 * The short guide beside the GA4 form (issue 19, "a short guide to each"): what is sent, where the
 * secret is found, which calls are sent (only with the visitor's `_ga` client id) and when GA4
 * counts one in the visitor's session, making the event a key event, and how to see that GA4 gets
 * it (a wrong id or secret is answered as a right one: only GA4's own reports show it). Kept short:
 * every string here weighs on the sign-in page, which loads the whole catalog (budgets.ts).
 */
export function Ga4Guide() {
  const headingId = useId();
  const code = { fontSize: 'xs', wordBreak: 'break-word' } as const;
  return (
    <Box as="section" aria-labelledby={headingId} bg="gray.50" borderRadius="md" p={{ base: '4', md: '5' }}>
      <Heading as="h3" id={headingId} size="sm" mb="2" color="gray.900">
        <Trans>What Google Analytics 4 receives</Trans>
      </Heading>
      <Box as="ul" ps="5" listStyleType="disc" fontSize="sm" color="gray.800" display="grid" gap="1.5">
        <li>
          <Trans>
            When a call ends, a <Code {...code}>{EVENT}</Code> event with its outcome and these parameters:
          </Trans>
          <Code {...code} display="block" mt="1" p="2" whiteSpace="pre-wrap">
            {PARAMS}
          </Code>
        </li>
        <li>
          <Trans>
            Find the measurement ID and create an API secret in GA4 under Admin → Data streams → your web stream → Measurement Protocol API secrets.
          </Trans>
        </li>
        <li>
          <Trans>
            Only calls of visitors with a <Code {...code}>{COOKIE}</Code> cookie are sent, in their session if still open.
          </Trans>
        </li>
        <li>
          <Trans>
            Mark <Code {...code}>{EVENT}</Code> as a key event in GA4 to count calls.
          </Trans>
        </li>
        <li>
          <Trans>GA4 accepts a wrong measurement ID or secret silently: see its Realtime report after a test call. Failed sends are retried for 24 hours.</Trans>
        </li>
      </Box>
    </Box>
  );
}
