import { useLingui } from '@lingui/react/macro';
import { currentPasswordMessages } from '../../../machines/form/currentPassword.ts';
import { TextField } from '../../ui/TextField.tsx';

/**
 * The current password a new API key or webhook address is confirmed with ("sudo mode", issue 19),
 * with the line that says why; the form's machine holds its value and its message.
 */
export function CurrentPasswordField({
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: {
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <TextField
      label={i18n._(currentPasswordMessages.label)}
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      error={error}
      hint={i18n._(currentPasswordMessages.why)}
      onChange={onChange}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}
