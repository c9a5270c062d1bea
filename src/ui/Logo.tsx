import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';

/** The product mark: a phone handset in a rounded square, and the product name. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Box display="flex" alignItems="center" gap="2">
      <Box
        as="span"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        width="8"
        height="8"
        borderRadius="lg"
        bg={inverted ? 'white' : 'blue.600'}
        color={inverted ? 'blue.700' : 'white'}
        aria-hidden="true"
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
        </svg>
      </Box>
      <Text as="span" fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'gray.900'}>
        CallBack
      </Text>
    </Box>
  );
}
