import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { useId } from 'react';
import { useHydrated } from './useHydrated.ts';

export interface TextFieldProps {
  /** The visible label; it is also the input's accessible name. */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A translated message; marks the input invalid and describes it (aria-invalid, aria-describedby). */
  error?: string;
  /** A translated helper text under the input (e.g. what an empty field means), announced as its description. */
  hint?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A labelled text input with its validation message. */
export function TextField({ label, name, value, onChange, onBlur, error, hint, type = 'text', autoComplete, disabled, required }: TextFieldProps) {
  const errorId = useId();
  const hintId = useId();
  // The error first: it is what the user must act on; the hint still says what the field takes.
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  // Read-only in a page the build rendered (scripts/bundles/prerender.ts) until the app runs: what
  // was typed there would be lost when React takes the page over.
  const live = useHydrated();
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled} required={required} ids={{ errorText: errorId, helperText: hintId }}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type={type}
        value={value}
        readOnly={!live}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        // Chakra links the message with aria-errormessage only; aria-describedby reaches more screen readers.
        aria-describedby={describedBy || undefined}
        bg="white"
      />
      {hint ? <Field.HelperText>{hint}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
