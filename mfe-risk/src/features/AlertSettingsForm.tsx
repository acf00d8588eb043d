/**
 * The four risk-alert switches (stop loss, daily loss, high volatility, position correlation),
 * stored on the server. Used by the risk page's Alerts tab and by RiskSettings.
 */
import { useState } from 'react';
import { Button, Checkbox, HStack, Skeleton, Stack } from '@nivesh/ui/chakra';
import { useRiskAlertSettingsQuery, useSaveRiskAlertSettingsMutation } from '@nivesh/api-client';
import { ALERT_SETTING_LABELS, type AlertSettings } from '@nivesh/api-contract';
import { SaveOutcomeAlert, SettingsNotLoaded } from './RiskNotices';
import { LOAD_ERRORS } from './riskText';
import { useSaveOutcome } from './useSaveOutcome';

const KEYS = Object.keys(ALERT_SETTING_LABELS) as Array<keyof AlertSettings>;

export function AlertSettingsForm() {
  const settings = useRiskAlertSettingsQuery();
  const [save, { isLoading: saving }] = useSaveRiskAlertSettingsMutation();
  // Until the first change the boxes show what the server holds.
  const [draft, setDraft] = useState<AlertSettings | null>(null);
  const { outcome, setOutcome, report } = useSaveOutcome();

  const stored = settings.data?.data;
  if (!stored) {
    return (
      <SettingsNotLoaded
        query={settings}
        errorTitle={LOAD_ERRORS.alertSettings}
        loadingLabel="Loading alert settings"
        skeleton={KEYS.map((key) => (
          <Skeleton key={key} height="5" width="60%" />
        ))}
      />
    );
  }

  const values = draft ?? stored;

  const submit = async () => {
    if (await report(() => save({ body: values }).unwrap(), 'Alert settings could not be saved.'))
      setDraft(null);
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
      <SaveOutcomeAlert outcome={outcome} />
      <HStack justify="flex-end">
        <Button colorPalette="brand" loading={saving} disabled={draft === null} onClick={() => void submit()}>
          Save alert settings
        </Button>
      </HStack>
    </Stack>
  );
}
