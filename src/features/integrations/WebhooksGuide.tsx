import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';

/** What a delivery looks like, written out (README "Webhooks", contract: WebhookEventBody). */
const BODY = '{ "id", "type", "createdAt", "data" }';
const SIGNATURE = 'X-Callback-Signature: t=…,v1=…';
const EVENT_ID = 'X-Callback-Event-Id';

/**
 * The short guide beside the endpoints (issue 19, "a short guide to each"): what is sent, how it
 * is signed, retries and switch-off, and where the verification snippet is.
 */
export function WebhooksGuide() {
  const headingId = useId();
  const code = { fontSize: 'xs', wordBreak: 'break-word' } as const;
  return (
    <Box as="section" aria-labelledby={headingId} bg="gray.50" borderRadius="md" p={{ base: '4', md: '5' }}>
      <Heading as="h3" id={headingId} size="sm" mb="2" color="gray.900">
        <Trans>What your endpoint receives</Trans>
      </Heading>
      <Box as="ul" ps="5" listStyleType="disc" fontSize="sm" color="gray.800" display="grid" gap="1.5">
        <li>
          <Trans>
            Each event is a JSON POST of <Code {...code}>{BODY}</Code>, where <Code {...code}>data</Code> is the call, callback, payment or credits
            record as the API shows it.
          </Trans>
        </li>
        <li>
          <Trans>
            The <Code {...code}>{SIGNATURE}</Code> header signs it: <Code {...code}>t</Code> is the time in Unix seconds, <Code {...code}>v1</Code> the hex
            HMAC-SHA256 of the time, a dot and the raw body, keyed with the endpoint’s signing secret. <Code {...code}>{EVENT_ID}</Code> repeats the
            event’s id: an event may arrive twice.
          </Trans>
        </li>
        <li>
          <Trans>
            Answer with a 2xx status within 10 seconds. Other answers are retried with growing pauses for 24 hours; an endpoint that keeps failing for
            3 days is switched off, and you get an e-mail.
          </Trans>
        </li>
        <li>
          <Trans>
            To verify a delivery, compute the HMAC-SHA256 of the timestamp, a dot and the raw body with your secret, and compare it with v1; refuse a
            timestamp older than 5 minutes.
          </Trans>
        </li>
      </Box>
    </Box>
  );
}
