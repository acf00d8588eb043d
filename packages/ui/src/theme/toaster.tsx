/**
 * Toasts (specification part 1, section 9): at most 20 at once; 4 s for plain, error and info,
 * 2 s for success, none for loading; removed 1 s after they close.
 */
import { Portal, Spinner, Stack, Toast, Toaster as ChakraToaster, createToaster } from '@nivesh/ui/chakra';

export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  info: 4000,
  warning: 4000,
  loading: undefined,
} as const;

export const toaster = createToaster({
  placement: 'top-end',
  max: 20,
  removeDelay: 1000,
  duration: 4000,
  pauseOnPageIdle: true,
});

type ToastType = keyof typeof TOAST_DURATIONS;

/** Shows a toast with the specification's duration for its type. */
export function notify(type: ToastType, title: string, description?: string): string {
  const duration = TOAST_DURATIONS[type];
  return toaster.create({
    type,
    title,
    ...(description ? { description } : {}),
    ...(duration === undefined ? { duration: Infinity } : { duration }),
    closable: type !== 'loading',
  });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
