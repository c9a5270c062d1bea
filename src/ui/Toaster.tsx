import { Portal } from '@chakra-ui/react/portal';
import { Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';
import { toaster } from '../lib/toaster.ts';

/**
 * Renders the toasts; a click anywhere on a toast closes it (spec §2 Shell). The message is at
 * full opacity: the recipe's 0.8 leaves white on green below 4.5:1.
 */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} cursor="pointer" onClick={() => toaster.dismiss(toast.id)}>
            <Toast.Indicator />
            {toast.description ? <Toast.Description flex="1" opacity="1">{toast.description}</Toast.Description> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
