/**
 * Cash Balance with inline editing (pencil, save, cancel): POST /api/trading/paper/balance, after
 * the form refused what the server would (empty, negative, below the smallest capital phase's
 * minimum: messages.ts). The figure is the account's cash, what a balance edit sets; under it, how much of it is available to
 * trade and how much open orders and short positions hold (cash = available + held, to the paisa).
 */
import { useState, type FormEvent } from 'react';
import { Box, Field, HStack, IconButton, Input, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import { LuCheck, LuPencil, LuWallet, LuX } from 'react-icons/lu';
import { useSetPaperBalanceMutation, type ApiCallError } from '@nivesh/api-client';
import { formatRupees, notify } from '@nivesh/ui';
import { balanceUpdateFailure, balanceUpdated, checkBalance } from './messages';

const paise = (value: number) => formatRupees(value, { decimals: 2 });

function cashSplitText({ available, blocked }: { available: number; blocked: number | null }): string {
  return blocked === null
    ? `${paise(available)} available to trade`
    : `${paise(available)}\u00a0available + ${paise(blocked)}\u00a0held for open orders`;
}

export function CashBalanceCard({
  balance,
  split,
  loading,
  editable,
}: {
  /** The cash (overview cash_balance). */
  balance: number | undefined;
  /** Available and held for open orders (overview available_balance, blocked_funds). */
  split: { available: number; blocked: number | null } | undefined;
  loading: boolean;
  editable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [setBalance, { isLoading: saving }] = useSetPaperBalanceMutation();

  const startEditing = () => {
    setText(balance === undefined ? '' : String(balance));
    setProblem(undefined);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBalance(text);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    try {
      const answer = await setBalance({ body: { balance: checked.amount } }).unwrap();
      notify('success', balanceUpdated(answer.new_balance));
      setEditing(false);
    } catch (error) {
      notify('error', balanceUpdateFailure(error as ApiCallError));
    }
  };

  return (
    <Box
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p="5"
      shadow="xs"
      role="group"
      aria-label="Cash Balance"
    >
      <Stack gap="2">
        <HStack justify="space-between" color="fg.muted">
          <Text textStyle="sm" fontWeight="medium">
            Cash Balance
          </Text>
          {editable && !editing ? (
            <IconButton size="xs" variant="ghost" aria-label="Edit cash balance" onClick={startEditing}>
              <LuPencil />
            </IconButton>
          ) : (
            <LuWallet />
          )}
        </HStack>
        {editing ? (
          <form onSubmit={(e) => void save(e)} noValidate>
            <Field.Root invalid={Boolean(problem)}>
              <HStack gap="1">
                <Input
                  size="sm"
                  type="number"
                  min={0}
                  step={1000}
                  aria-label="New cash balance"
                  value={text}
                  autoFocus
                  onChange={(e) => setText(e.target.value)}
                />
                <IconButton
                  size="sm"
                  type="submit"
                  colorPalette="brand"
                  aria-label="Save balance"
                  loading={saving}
                >
                  <LuCheck />
                </IconButton>
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label="Cancel editing"
                  disabled={saving}
                  onClick={() => setEditing(false)}
                >
                  <LuX />
                </IconButton>
              </HStack>
              {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
            </Field.Root>
          </form>
        ) : loading ? (
          <Skeleton height="8" width="60%" />
        ) : (
          <Text textStyle="2xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {balance === undefined ? '--' : formatRupees(balance)}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted">
          {split ? cashSplitText(split) : 'Cash in the paper account'}
        </Text>
      </Stack>
    </Box>
  );
}
