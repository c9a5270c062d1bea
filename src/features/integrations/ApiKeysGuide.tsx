import { Box } from '@chakra-ui/react/box';
import { Code } from '@chakra-ui/react/code';
import { Heading } from '@chakra-ui/react/heading';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';

/** The header a key goes in (openapi/dashboard.yaml, securitySchemes: apiKey). */
const HEADER = 'Authorization: Bearer <key>';

/**
 * The short guide beside the keys (issue 19, "a short guide to each"; README "API keys"): how a
 * key is sent, what a read key may do, what no key can do, the rate limit, and deleting keys no
 * longer used. The example asks this server, so it can be pasted as it is.
 */
export function ApiKeysGuide() {
  const headingId = useId();
  const code = { fontSize: 'xs', wordBreak: 'break-word' } as const;
  const example = `curl -H "Authorization: Bearer cbk_…" '${window.location.origin}/api/client/calls?page=1&perPage=20'`;
  return (
    <Box as="section" aria-labelledby={headingId} bg="gray.50" borderRadius="md" p={{ base: '4', md: '5' }}>
      <Heading as="h3" id={headingId} size="sm" mb="2" color="gray.900">
        <Trans>Using a key</Trans>
      </Heading>
      <Box as="ul" ps="5" listStyleType="disc" fontSize="sm" color="gray.800" display="grid" gap="1.5">
        <li>
          <Trans>
            Send it with every request to the API as <Code {...code}>{HEADER}</Code>, for example:
          </Trans>
          <Code {...code} display="block" mt="1" p="2" whiteSpace="pre-wrap">
            {example}
          </Code>
        </li>
        <li>
          <Trans>A read-only key can only read; a read and write key may also create, change and delete.</Trans>
        </li>
        <li>
          <Trans>
            No key can manage API keys, webhooks, payments, the password, the e-mail address, call destinations, call limits or recording retention:
            sign in to the dashboard for those.
          </Trans>
        </li>
        <li>
          <Trans>Each key may make 600 requests a minute.</Trans>
        </li>
        <li>
          <Trans>Delete a key you no longer use: it stops working at once.</Trans>
        </li>
      </Box>
    </Box>
  );
}
