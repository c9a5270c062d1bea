import { Box } from '@chakra-ui/react/box';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';
import { useId, type ReactNode } from 'react';

/**
 * A native checkbox with its label and validation message: the label wraps the input, and the
 * message is tied to it with aria-invalid and aria-describedby.
 */
export function CheckboxField({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <Box>
      <chakra.label display="flex" alignItems="flex-start" gap="2.5" fontSize="sm" cursor="pointer">
        <chakra.input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          width="4"
          height="4"
          mt="0.5"
          flexShrink={0}
          accentColor="blue.600"
          cursor="pointer"
        />
        <span>{children}</span>
      </chakra.label>
      {error ? (
        <Text id={errorId} mt="1.5" fontSize="xs" color="red.700" aria-live="polite">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
