import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { useFocusBack } from './useFocusBack.ts';

export interface OneTimeSecretBoxProps {
  /** The box's heading (its region's name), e.g. "Endpoint added". */
  title: string;
  /** What the secret belongs to (an endpoint's address, a key's name), under the heading. */
  subject: ReactNode;
  /** "Copy this … now: it will not be shown again." */
  warning: string;
  /** The read-only field's label and name. */
  label: string;
  name: string;
  secret: string;
  /** The copy's state, as the form's machine has it. */
  copying: boolean;
  copied: boolean;
  copyFailed: boolean;
  /** Said when the clipboard refused (the secret is then selected for Ctrl+C). */
  copyFailedText: string;
  onCopy: () => void;
  onDone: () => void;
  /** What to do next, under Done. */
  children?: ReactNode;
}

/**
 * A secret the server answers this once (a webhook's signing secret, an API key): read-only,
 * with Copy, and Done to put it away for good. It takes the place of the form that made it, so
 * focus moves to the secret, which is what there is to do now; when the clipboard refuses, the
 * secret is selected for Ctrl+C instead. The form's machine holds the secret and the copy's state.
 */
export function OneTimeSecretBox({ title, subject, warning, label, name, secret, copying, copied, copyFailed, copyFailedText, onCopy, onDone, children }: OneTimeSecretBoxProps) {
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyButtonRef, copyButtonPressed] = useFocusBack<HTMLButtonElement>(copying);
  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (copyFailed) input.current?.select();
  }, [copyFailed]);
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="blue.300" bg="blue.50" borderRadius="md" p={{ base: '4', md: '5' }}>
      <Heading as="h3" id={headingId} size="sm" mb="1" color="gray.900">
        {title}
      </Heading>
      <Text fontSize="sm" color="gray.800" overflowWrap="anywhere" mb="3">
        {subject}
      </Text>
      <Text fontWeight="semibold" color="gray.900" mb="3">
        {warning}
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" alignItems={{ base: 'stretch', md: 'flex-end' }} maxW="3xl">
        <Field.Root flex="1">
          <Field.Label>{label}</Field.Label>
          <Input ref={input} name={name} readOnly value={secret} fontFamily="mono" bg="white" onFocus={(event) => event.currentTarget.select()} />
        </Field.Root>
        <Button
          ref={copyButtonRef}
          variant="outline"
          bg="white"
          loading={copying}
          onClick={() => {
            copyButtonPressed();
            onCopy();
          }}
        >
          <Trans>Copy</Trans>
        </Button>
      </Stack>
      <Text role="status" fontSize="sm" color={copyFailed ? 'red.700' : 'green.700'} minH="5" mt="2">
        {copied ? <Trans>Copied!</Trans> : copyFailed ? copyFailedText : ''}
      </Text>
      <Button mt="3" onClick={onDone}>
        <Trans>Done</Trans>
      </Button>
      {children ? (
        <Text fontSize="sm" color="gray.700" mt="3">
          {children}
        </Text>
      ) : null}
    </Box>
  );
}
