import { Button as ChakraButton, type ButtonProps } from '@chakra-ui/react/button';
import type { Ref } from 'react';

/**
 * Chakra's Button that keeps its label while `loading`: the spinner goes before the label
 * instead of over it. Chakra hides the label of a loading button (visibility: hidden), which
 * leaves a busy submit button without an accessible name (axe: button-name).
 */
export function Button(props: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  return <ChakraButton loadingText={props.loading ? props.children : undefined} {...props} />;
}
