/** Reset Account, behind a confirmation (specification part 2, section 5). */
import { useState } from 'react';
import { Button, Text } from '@nivesh/ui/chakra';
import { LuRotateCcw } from 'react-icons/lu';
import { PAPER_RESET_BALANCE } from '@nivesh/api-contract';
import { serverMessage, useResetPaperAccountMutation, type ApiCallError } from '@nivesh/api-client';
import { ConfirmDialog, notify } from '@nivesh/ui';
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
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Reset paper trading account"
      tone="danger"
      confirmLabel="Yes, reset account"
      loading={isLoading}
      onConfirm={() => void confirm()}
      trigger={
        <Button size="sm" variant="outline" colorPalette="red">
          <LuRotateCcw /> Reset Account
        </Button>
      }
    >
      <Text>{RESET_CONFIRMATION}</Text>
    </ConfirmDialog>
  );
}
