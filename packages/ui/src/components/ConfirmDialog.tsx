/**
 * An "are you sure?" dialog: a title, a short body, Cancel and one confirm button. It is controlled:
 * the caller owns `open` and decides in `onConfirm` when it closes. `tone="danger"` marks an action
 * with real consequences (real money, lost data): a red top edge and a red confirm button.
 */
import type { ElementType, ReactElement, ReactNode } from 'react';
import { Button, CloseButton, Dialog, HStack, Icon, Portal } from '@nivesh/ui/chakra';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** An icon before the title (a react-icons component). */
  icon?: ElementType;
  tone: 'danger' | 'neutral';
  /** What confirming does. */
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: string;
  /** The confirmed action is on its way: the confirm button spins and Cancel waits for it. */
  loading?: boolean;
  /** The confirm button cannot be pressed yet (e.g. a required field is empty). */
  confirmDisabled?: boolean;
  /** The action is done and `children` say what it did: the footer is one Close button. */
  finished?: boolean;
  onConfirm: () => void;
  /** A button that opens the dialog (it gets the trigger's aria attributes and focus return). */
  trigger?: ReactElement;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  icon,
  tone,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  loading = false,
  confirmDisabled = false,
  finished = false,
  onConfirm,
  trigger,
}: ConfirmDialogProps) {
  const danger = tone === 'danger';
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      size="sm"
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            mx="4"
            borderTopWidth={danger ? '3px' : undefined}
            borderTopColor={danger ? 'red.solid' : undefined}
          >
            <Dialog.Header>
              <HStack gap="2">
                {icon && <Icon as={icon} color={danger ? 'red.fg' : 'brand.fg'} boxSize="5" />}
                <Dialog.Title>{title}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {finished ? (
                <Dialog.ActionTrigger asChild>
                  <Button>Close</Button>
                </Dialog.ActionTrigger>
              ) : (
                <>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline" disabled={loading}>
                      {cancelLabel}
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button
                    colorPalette={danger ? 'red' : 'brand'}
                    loading={loading}
                    disabled={confirmDisabled}
                    onClick={onConfirm}
                  >
                    {confirmLabel}
                  </Button>
                </>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
