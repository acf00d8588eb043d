import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@nivesh/ui/chakra';

export interface WorkDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The width from tablets up (xl: room for two columns); phones always get the full screen. */
  size: 'md' | 'lg' | 'xl';
  /** The close (×) button's accessible name. */
  closeLabel?: string;
  /** `Dialog.Body` and `Dialog.Footer`. */
  children: ReactNode;
}

/**
 * A dialog to work in (a form, a control panel): full screen on a phone, a box from tablets up,
 * mounted only while open so each opening starts fresh.
 */
export function WorkDialog({ open, onClose, title, size, closeLabel = 'Close', children }: WorkDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', md: size }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
