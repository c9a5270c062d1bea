// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField } from './CheckboxField.tsx';
import { system } from './system.ts';
import { TextField } from './TextField.tsx';

describe('form fields', () => {
  afterEach(cleanup);

  it('ties a text field’s label and error to its input', () => {
    const onChange = vi.fn();
    render(
      <ChakraProvider value={system}>
        <TextField label="Full Name" name="fullname" value="ab" onChange={onChange} error="Minimum field length 3" />
      </ChakraProvider>,
    );
    const input = screen.getByLabelText('Full Name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Minimum field length 3');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(onChange).toHaveBeenCalledWith('abc');
  });

  it('describes a text field by its hint, and by its error first when it has one', () => {
    const { rerender } = render(
      <ChakraProvider value={system}>
        <TextField label="API secret" name="apiSecret" type="password" value="" onChange={vi.fn()} hint="Leave empty to keep the current secret." />
      </ChakraProvider>,
    );
    const descriptions = () => (screen.getByLabelText('API secret').getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(descriptions()).toEqual(['Leave empty to keep the current secret.']);
    rerender(
      <ChakraProvider value={system}>
        <TextField label="API secret" name="apiSecret" type="password" value="a b" onChange={vi.fn()} hint="Leave empty to keep the current secret." error="No spaces." />
      </ChakraProvider>,
    );
    expect(descriptions()).toEqual(['No spaces.', 'Leave empty to keep the current secret.']);
  });

  it('has no error state when valid', () => {
    render(
      <ChakraProvider value={system}>
        <TextField label="Email" name="email" value="" onChange={vi.fn()} />
      </ChakraProvider>,
    );
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('ties a checkbox’s label and error to it', () => {
    const onChange = vi.fn();
    render(
      <ChakraProvider value={system}>
        <CheckboxField name="acceptTerms" checked={false} onChange={onChange} error="Accepting terms & conditions is required.">
          I agree
        </CheckboxField>
      </ChakraProvider>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'I agree' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(checkbox.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Accepting terms & conditions is required.');
    fireEvent.click(checkbox);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
