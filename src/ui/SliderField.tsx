import { Field, useFieldContext } from '@chakra-ui/react/field';
import { HStack } from '@chakra-ui/react/stack';
import { chakra } from '@chakra-ui/react/styled-system';
import { Text } from '@chakra-ui/react/text';

export interface SliderFieldProps {
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  /** How the value reads beside the slider (default: the number). */
  format?: (value: number) => string;
  disabled?: boolean;
}

/** The range input, tied to its Field (label, disabled state). */
function RangeInput({ name, value, min, max, step, onChange, format }: Required<Omit<SliderFieldProps, 'label' | 'disabled'>>) {
  const field = useFieldContext();
  return (
    <chakra.input
      {...field.getInputProps()}
      type="range"
      name={name}
      min={min}
      max={max}
      step={step}
      value={value}
      aria-valuetext={format(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      width="full"
      accentColor="blue.600"
      cursor={field.disabled ? 'not-allowed' : 'pointer'}
    />
  );
}

/** A labelled range slider that shows its value (spec §9 Sliders). */
export function SliderField({ label, name, value, min, max, step = 1, onChange, format = String, disabled }: SliderFieldProps) {
  return (
    <Field.Root disabled={disabled}>
      <HStack justify="space-between" width="full">
        <Field.Label>{label}</Field.Label>
        <Text as="span" fontSize="sm" fontWeight="semibold" color="gray.800" aria-hidden>
          {format(value)}
        </Text>
      </HStack>
      <RangeInput name={name} value={value} min={min} max={max} step={step} onChange={onChange} format={format} />
    </Field.Root>
  );
}
