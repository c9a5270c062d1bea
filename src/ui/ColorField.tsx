import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { HStack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export interface ColorFieldProps {
  label: string;
  name: string;
  /** A colour as #RRGGBB (openapi Colour). */
  value: string;
  onChange: (value: string) => void;
  /** A translated validation message from the form. */
  error?: string;
  disabled?: boolean;
}

/**
 * A colour: the browser's colour picker beside its hex code. A typed code is handed on once it
 * is a whole #RRGGBB; until then the field says what it expects and the value stays as it was.
 */
export function ColorField({ label, name, value, onChange, error, disabled }: ColorFieldProps) {
  const { t } = useLingui();
  const errorId = useId();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A value changed from outside (the picker, a reset) replaces what was typed.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  // Only what the user typed is judged here; a stored value that is not a hex code (a background
  // image URL) is shown as it is.
  const typedInvalid = text !== shown && !HEX_COLOUR.test(text);
  const message = error ?? (typedInvalid ? t`Enter a colour as #RRGGBB.` : undefined);
  return (
    <Field.Root invalid={Boolean(message)} disabled={disabled} ids={{ errorText: errorId }}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" width="full">
        <chakra.input
          type="color"
          aria-label={t`${label} picker`}
          value={HEX_COLOUR.test(value) ? value.toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
          width="10"
          height="10"
          flexShrink={0}
          p="0.5"
          borderWidth="1px"
          borderRadius="md"
          bg="white"
          cursor={disabled ? 'not-allowed' : 'pointer'}
        />
        <Input
          name={name}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => {
            const next = event.currentTarget.value.trim();
            setText(next);
            if (HEX_COLOUR.test(next)) {
              setShown(next);
              onChange(next);
            }
          }}
          aria-describedby={message ? errorId : undefined}
          fontFamily="mono"
          bg="white"
        />
      </HStack>
      {message ? <Field.ErrorText>{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
