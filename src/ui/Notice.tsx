import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react/alert';

/**
 * A message in the page flow. Errors use role="alert" and success/info role="status" so screen
 * readers announce them when they appear.
 */
export function Notice({ status, children }: { status: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}
