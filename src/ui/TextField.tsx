import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useId, useLayoutEffect, useRef } from 'react';

export interface TextFieldProps {
  /** The visible label; it is also the input's accessible name. */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A translated message; marks the input invalid and describes it (aria-invalid, aria-describedby). */
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled text input with its validation message. */
export function TextField({ label, name, value, onChange, onBlur, error, type = 'text', autoComplete, disabled, required }: TextFieldProps) {
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  // What was typed (or autofilled) into a page the build rendered (scripts/bundles/prerender.ts)
  // before the app ran is the field's value: React hydrates the input with the form's own value,
  // empty, and would clear it; a field so typed into that has lost the focus was left. Read once,
  // on mount; later input comes through onChange and onBlur.
  useLayoutEffect(() => {
    const field = input.current;
    const typed = field?.value;
    if (!field || !typed || typed === value) return;
    onChange(typed);
    if (document.activeElement !== field) onBlur?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required} ids={{ errorText: errorId }}>
      <Field.Label>{label}</Field.Label>
      <Input
        ref={input}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        // Chakra links the message with aria-errormessage only; aria-describedby reaches more screen readers.
        aria-describedby={error ? errorId : undefined}
        bg="white"
      />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
