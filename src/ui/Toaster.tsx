import { Portal } from '@chakra-ui/react/portal';
import { Toast, Toaster as ChakraToaster } from '@chakra-ui/react/toast';
import { toaster } from './toaster.ts';

/** Renders the toasts; a click anywhere on a toast closes it (spec §2 Shell). */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} cursor="pointer" onClick={() => toaster.dismiss(toast.id)}>
            <Toast.Indicator />
            {toast.description ? <Toast.Description flex="1">{toast.description}</Toast.Description> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
