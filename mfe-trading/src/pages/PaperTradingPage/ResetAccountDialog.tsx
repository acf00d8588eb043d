/** Reset Account, behind a confirmation (specification part 2, section 5). */
import { useState } from 'react';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { LuRotateCcw } from 'react-icons/lu';
import { PAPER_RESET_BALANCE } from '@nivesh/api-contract';
import { serverMessage, useResetPaperAccountMutation, type ApiCallError } from '@nivesh/api-client';
import { notify } from '@nivesh/ui';
import { RESET_CONFIRMATION, RESET_DONE, RESET_FAILED } from './messages';

export function ResetAccountDialog() {
  const [open, setOpen] = useState(false);
  const [reset, { isLoading }] = useResetPaperAccountMutation();

  const confirm = async () => {
    try {
      await reset({ body: { balance: PAPER_RESET_BALANCE } }).unwrap();
      notify('success', RESET_DONE);
    } catch (error) {
      notify('error', RESET_FAILED, serverMessage(error as ApiCallError));
    } finally {
      setOpen(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog" placement="center">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" colorPalette="red">
          <LuRotateCcw /> Reset Account
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Reset paper trading account</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{RESET_CONFIRMATION}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={isLoading}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={isLoading} onClick={() => void confirm()}>
                Yes, reset account
              </Button>
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
