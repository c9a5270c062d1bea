import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { seriesColors, seriesKeys, seriesLabels } from './analyticsSeries.ts';

/**
 * spec §2 Analytics: the figure of the line chart, with its caption and legend (HTML, so it wraps
 * in every language). It is in the screen's own chunk, so the caption shows with the cards while
 * the plot (`children`: nivo, a chunk of its own) still loads.
 */
export function AnalyticsFigure({ children }: { children: ReactNode }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  return (
    <Box as="figure" aria-labelledby={titleId} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} mb="4">
      <Box display="flex" flexWrap="wrap" alignItems="baseline" justifyContent="space-between" gap="3" mb="2">
        <Text as="figcaption" id={titleId} fontWeight="semibold" color="gray.900">
          {t`Page Visits, Widget Views and Calls over time`}
        </Text>
        <Box as="ul" aria-label={t`Legend`} display="flex" flexWrap="wrap" gap="4" listStyleType="none" fontSize="sm" color="gray.800">
          {seriesKeys.map((key) => (
            <Box as="li" key={key} display="flex" alignItems="center" gap="2">
              <Box width="4" height="1" borderRadius="full" bg={seriesColors[key]} aria-hidden="true" />
              {i18n._(seriesLabels[key])}
            </Box>
          ))}
        </Box>
      </Box>
      <Box height={{ base: '16rem', md: '20rem' }} data-testid="analytics-chart">
        {children}
      </Box>
    </Box>
  );
}
