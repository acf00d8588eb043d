/**
 * The four risk-alert switches (stop loss, daily loss, high volatility, position correlation),
 * stored on the server. Used by the risk page's Alerts tab and by RiskSettings.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, HStack, Skeleton, Stack } from '@chakra-ui/react';
import {
  errorMessage,
  useRiskAlertSettingsQuery,
  useSaveRiskAlertSettingsMutation,
  type ApiCallError,
} from '@nivesh/api-client';
import { ALERT_SETTING_LABELS, type AlertSettings } from '@nivesh/api-contract';
import { LoadError } from './RiskNotices';
import { LOAD_ERRORS } from './riskText';

const KEYS = Object.keys(ALERT_SETTING_LABELS) as Array<keyof AlertSettings>;

type Outcome = { status: 'success' | 'error'; text: string };

export function AlertSettingsForm() {
  const settings = useRiskAlertSettingsQuery();
  const [save, { isLoading: saving }] = useSaveRiskAlertSettingsMutation();
  // Until the first change the boxes show what the server holds.
  const [draft, setDraft] = useState<AlertSettings | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const stored = settings.data?.data;
  if (!stored) {
    if (settings.error !== undefined && !settings.isFetching) {
      return (
        <LoadError
          title={LOAD_ERRORS.alertSettings}
          detail={errorMessage(settings.error, 'The risk management system did not answer.')}
          onRetry={() => void settings.refetch()}
        />
      );
    }
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading alert settings">
        {KEYS.map((key) => (
          <Skeleton key={key} height="5" width="60%" />
        ))}
      </Stack>
    );
  }

  const values = draft ?? stored;

  const submit = async () => {
    setOutcome(null);
    try {
      const answer = await save({ body: values }).unwrap();
      setDraft(null);
      setOutcome({ status: 'success', text: answer.message });
    } catch (error) {
      const text = `Alert settings could not be saved. ${errorMessage(error as ApiCallError, 'The risk management system did not answer.')}`;
      setOutcome({ status: 'error', text });
    }
  };

  return (
    <Stack gap="4">
      <Stack gap="3" role="group" aria-label="Alert settings">
        {KEYS.map((key) => (
          <Checkbox.Root
            key={key}
            checked={values[key]}
            onCheckedChange={(details) => {
              setDraft({ ...values, [key]: details.checked === true });
              setOutcome(null);
            }}
            colorPalette="brand"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{ALERT_SETTING_LABELS[key]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {outcome && (
        <Alert.Root status={outcome.status} rounded="l2" role={outcome.status === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title>{outcome.text}</Alert.Title>
        </Alert.Root>
      )}
      <HStack justify="flex-end">
        <Button colorPalette="brand" loading={saving} disabled={draft === null} onClick={() => void submit()}>
          Save alert settings
        </Button>
      </HStack>
    </Stack>
  );
}
