import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Spinner, type SpinnerProps } from '@chakra-ui/react/spinner';
import { VisuallyHidden } from '@chakra-ui/react/visually-hidden';
import { useLingui } from '@lingui/react/macro';

export interface LoadingStatusProps extends BoxProps {
  size?: SpinnerProps['size'];
}

/**
 * A spinner that assistive technology hears as "Loading": a status region holding hidden text.
 * (A spinner alone is a span without a role, which may not carry a label: axe, aria-prohibited-attr.)
 */
export function LoadingStatus({ size = 'lg', ...box }: LoadingStatusProps) {
  const { t } = useLingui();
  return (
    <Box role="status" display="flex" justifyContent="center" {...box}>
      <Spinner size={size} color="blue.600" />
      <VisuallyHidden>{t`Loading`}</VisuallyHidden>
    </Box>
  );
}
