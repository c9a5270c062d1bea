import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../lib/dateTime.ts';
import type { Call } from './calls.actors.ts';

/** Under a missed call's status: what followed it (issue 18), the visitor's text and the callback scheduled for him. */
export function RecoveryNote({ recovery, timeZone }: { recovery: NonNullable<Call['recovery']>; timeZone: string }) {
  const { t } = useLingui();
  const parts = [
    ...(recovery.textedVisitor ? [t`Visitor texted`] : []),
    ...(recovery.callbackAt ? [t`Callback ${formatDateTime(recovery.callbackAt, timeZone)}`] : []),
  ];
  return (
    <Text as="span" display="block" fontSize="xs" color="fg.muted">
      {parts.join(' · ')}
    </Text>
  );
}
