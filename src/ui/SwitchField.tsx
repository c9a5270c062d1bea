import { chakra } from '@chakra-ui/react/styled-system';
import { useId, type ReactNode } from 'react';

export interface SwitchFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children: ReactNode;
  /** A helper text under the label, announced as the switch's description. */
  description?: ReactNode;
}

/** An on/off switch with its label: a native checkbox drawn and announced as a switch (role="switch"). */
export function SwitchField({ name, checked, onChange, disabled, children, description }: SwitchFieldProps) {
  const descriptionId = useId();
  const control = (
    <chakra.label display="inline-flex" alignItems="center" gap="2.5" fontSize="sm" fontWeight="medium" cursor={disabled ? 'not-allowed' : 'pointer'}>
      <chakra.input
        type="checkbox"
        role="switch"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
        // Drawn as a switch: a track with a round knob (a background image, since inputs have no ::before everywhere).
        appearance="none"
        width="9"
        height="5"
        flexShrink={0}
        borderRadius="full"
        bgColor="gray.400"
        backgroundImage="radial-gradient(circle, white 55%, transparent 60%)"
        backgroundSize="1.25rem 1.25rem"
        backgroundRepeat="no-repeat"
        backgroundPosition="left center"
        transition="background-position 0.15s, background-color 0.15s"
        cursor="inherit"
        _checked={{ bgColor: 'blue.600', backgroundPosition: 'right center' }}
        _disabled={{ opacity: 0.5 }}
      />
      <span>{children}</span>
    </chakra.label>
  );
  if (!description) return control;
  return (
    <chakra.div>
      {control}
      {/* Lined up with the label's text: the switch's width (2.25rem) and the gap (0.625rem). */}
      <chakra.p id={descriptionId} mt="1" ps="2.875rem" fontSize="xs" color="fg.muted">
        {description}
      </chakra.p>
    </chakra.div>
  );
}
