import { Box } from '@chakra-ui/react/box';
import { Field, useFieldContext } from '@chakra-ui/react/field';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { WidgetDraftErrors } from '../../../../machines/widgetWizard/widgetWizard.draft.ts';
import { messageText } from '../../../i18n/messageText.ts';

/**
 * How the wizard's step views report an edit: the dotted path into WidgetDraft and the new
 * value (e.g. `settings.settings.agentNumber`, `'+14155550123'`). The wizard machine applies it.
 */
export type DraftChange = (path: string, value: unknown) => void;

/** The translated message for a path, if any. */
export function errorAt(i18n: I18n, errors: WidgetDraftErrors, path: string): string | undefined {
  return messageText(i18n, errors[path] as MessageDescriptor | undefined);
}

/**
 * Wraps one field: `data-field` is its draft path, so the wizard page can scroll to the first
 * field with an error (`[data-field="settings.settings.agentNumber"]`).
 */
export function DraftField({ path, children }: { path: string; children: ReactNode }) {
  return <Box data-field={path}>{children}</Box>;
}

/** A titled group of fields of a wizard step. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="white" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md" mb="4" color="gray.900">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

/**
 * A textarea tied to its Field (label, invalid state). Styled here: the app's Chakra system has
 * no textarea recipe.
 */
function FieldTextarea({ onChange, bg, code, ...props }: {
  name: string;
  value: string;
  placeholder?: string;
  bg: string;
  'aria-describedby'?: string;
  /** Text the machine reads (page patterns, sources): no spelling marks or capitals, letters told apart. */
  code?: boolean;
  onChange: (value: string) => void;
}) {
  const field = useFieldContext();
  return (
    <chakra.textarea
      {...field.getTextareaProps()}
      {...props}
      {...(code ? { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off', fontFamily: 'mono' } : {})}
      rows={3}
      onChange={(event) => onChange(event.currentTarget.value)}
      width="full"
      minHeight="20"
      px="3"
      py="2"
      fontSize="sm"
      borderWidth="1px"
      borderColor={field.invalid ? 'border.error' : 'border'}
      borderRadius="l2"
      bg={bg}
      resize="vertical"
    />
  );
}

interface DraftTextFieldProps {
  path: string;
  label: string;
  value: string | null | undefined;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
  type?: 'text' | 'email' | 'url' | 'tel';
  /** A datalist id of suggestions. */
  list?: string;
  multiline?: boolean;
  placeholder?: string;
  helper?: string;
  autoComplete?: string;
  /** A multiline field of text the machine reads, one entry a line (see FieldTextarea). */
  code?: boolean;
}

/** A labelled text input bound to a draft path, with its validation message. */
export function DraftTextField({ path, label, value, errors, onChange, type = 'text', list, multiline, placeholder, helper, autoComplete = 'off', code }: DraftTextFieldProps) {
  const { i18n } = useLingui();
  const errorId = useId();
  const error = errorAt(i18n, errors, path);
  const common = {
    name: path,
    value: value ?? '',
    placeholder,
    // Only with an error: an undefined value would drop the Field's own link to the helper text.
    ...(error ? { 'aria-describedby': errorId } : {}),
    bg: 'white',
  };
  return (
    <DraftField path={path}>
      <Field.Root invalid={Boolean(error)} ids={{ errorText: errorId }}>
        <Field.Label>{label}</Field.Label>
        {multiline ? (
          <FieldTextarea {...common} code={code} onChange={(value) => onChange(path, value)} />
        ) : (
          <Input {...common} type={type} list={list} autoComplete={autoComplete} onChange={(event) => onChange(path, event.currentTarget.value)} />
        )}
        {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </DraftField>
  );
}

/**
 * The value a number field reports: a whole number when the text is one, null when empty, and
 * otherwise the text itself, so the wizard can say "Value {v} is not a number" (spec §5).
 */
export function numberFieldValue(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : text;
}

/** A labelled whole-number input bound to a draft path. */
export function DraftNumberField({ path, label, value, errors, onChange, helper }: {
  path: string;
  label: string;
  value: number | string | null | undefined;
  errors: WidgetDraftErrors;
  onChange: DraftChange;
  helper?: string;
}) {
  const { i18n } = useLingui();
  const errorId = useId();
  const error = errorAt(i18n, errors, path);
  return (
    <DraftField path={path}>
      <Field.Root invalid={Boolean(error)} ids={{ errorText: errorId }}>
        <Field.Label>{label}</Field.Label>
        <Input
          name={path}
          inputMode="numeric"
          value={value ?? ''}
          autoComplete="off"
          onChange={(event) => onChange(path, numberFieldValue(event.currentTarget.value))}
          // Only with an error: an undefined value would drop the Field's own link to the helper text.
          {...(error ? { 'aria-describedby': errorId } : {})}
          bg="white"
        />
        {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </DraftField>
  );
}

export interface ChoiceOption<TValue extends string> {
  value: TValue;
  label: string;
}

/** A group of radio buttons (a fieldset with its legend) bound to one value. */
export function RadioChoice<TValue extends string>({ name, legend, value, options, onChange, error, helper }: {
  name: string;
  legend: string;
  value: TValue;
  options: ReadonlyArray<ChoiceOption<TValue>>;
  onChange: (value: TValue) => void;
  error?: string;
  /** What the choice means, under the options. */
  helper?: string;
}) {
  const errorId = useId();
  const helperId = useId();
  const describedBy = [helper ? helperId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <DraftField path={name}>
      <chakra.fieldset aria-describedby={describedBy || undefined}>
        <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
          {legend}
        </chakra.legend>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '5' }} flexWrap="wrap">
          {options.map((option) => (
            <chakra.label key={option.value} display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
              <chakra.input
                type="radio"
                name={name}
                value={option.value}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                width="4"
                height="4"
                accentColor="blue.600"
                cursor="pointer"
              />
              {option.label}
            </chakra.label>
          ))}
        </Stack>
        {helper ? (
          <Box id={helperId} mt="1.5" fontSize="xs" color="fg.muted">
            {helper}
          </Box>
        ) : null}
        {error ? (
          <Box id={errorId} mt="1.5" fontSize="xs" color="fg.error" aria-live="polite">
            {error}
          </Box>
        ) : null}
      </chakra.fieldset>
    </DraftField>
  );
}
