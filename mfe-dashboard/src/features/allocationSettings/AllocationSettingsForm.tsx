/**
 * The daily investment allocation settings (specification part 1, sections 2, 5, 7-9): tabs
 * Allocation Strategy, AI Recommendation and Advanced Settings, and Save Settings. Used by the
 * Daily Allocation page and by the Settings page's Daily Allocation tab.
 */
import { useEffect, useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Tabs, Text } from '@nivesh/ui/chakra';
import { LuCheck, LuSave } from 'react-icons/lu';
import { SAVE_CONFIRMATION_MS } from '@nivesh/api-contract';
import {
  errorMessage,
  queryView,
  useAllocationSettingsQuery,
  useDailyAmountQuery,
  useSaveAllocationSettingsMutation,
} from '@nivesh/api-client';
import { ConnectionBanner } from '@nivesh/ui';
import {
  ALLOCATION_UNAVAILABLE_TEXT,
  SAVE_CONFIRMATION_TEXT,
  SAVE_FAILED_TEXT,
  draftFrom,
  manualPctProblem,
  settingsToSave,
  type AllocationDraft,
} from './allocationForm';
import { StrategyTab } from './StrategyTab';
import { AiRecommendationTab } from './AiRecommendationTab';
import { AdvancedTab } from './AdvancedTab';

export function AllocationSettingsForm() {
  const settingsQuery = useAllocationSettingsQuery();
  const amountQuery = useDailyAmountQuery();
  const [saveSettings, saveState] = useSaveAllocationSettingsMutation();

  // After a failed refetch the last settings stay in the form; the banner says the load failed.
  const settingsView = queryView(settingsQuery, 'The allocation service did not answer.');
  const amountView = queryView(amountQuery);
  const settings = settingsView.data?.data;
  const strategies = amountView.data?.data;
  // The operator's unsaved edits; null shows the server's settings as they are.
  const [draft, setDraft] = useState<AllocationDraft | null>(null);
  const form = draft ?? (settings ? draftFrom(settings) : null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  // The save confirmation disappears after 3 seconds.
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVE_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const disconnected = settingsView.failure === 'unavailable' || amountView.failure === 'unavailable';
  const loadFailure = settingsView.failure
    ? settingsView.failure === 'unavailable'
      ? ALLOCATION_UNAVAILABLE_TEXT
      : 'Allocation settings could not be loaded'
    : null;
  const dailyAmount = strategies?.daily_amount ?? settings?.daily_amount;
  const pctProblem = form ? manualPctProblem(form.manual_allocation_pct) : null;
  const canSave = Boolean(
    settings && form && !pctProblem && !saveState.isLoading && dailyAmount !== undefined,
  );

  function edit(change: Partial<AllocationDraft>) {
    if (!form) return;
    setDraft({ ...form, ...change });
    setSavedAt(null);
  }

  async function save() {
    if (!settings || !form || dailyAmount === undefined) return;
    setSaveError(null);
    const result = await saveSettings({ body: settingsToSave(settings, form, dailyAmount) });
    if ('data' in result && result.data) {
      setDraft(null);
      setSavedAt(Date.now());
    } else {
      setSaveError(SAVE_FAILED_TEXT);
    }
  }

  return (
    <Stack gap="5">
      {loadFailure && (
        <ConnectionBanner
          title={loadFailure}
          description={settingsView.failureText}
          onRetry={() => {
            void settingsQuery.refetch();
            void amountQuery.refetch();
          }}
        />
      )}

      <Tabs.Root defaultValue="strategy" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="strategy">Allocation Strategy</Tabs.Trigger>
          <Tabs.Trigger value="ai">AI Recommendation</Tabs.Trigger>
          <Tabs.Trigger value="advanced">Advanced Settings</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="strategy">
          <StrategyTab
            form={form}
            settings={settings}
            strategies={strategies}
            dailyAmount={dailyAmount}
            amountLoading={amountQuery.isLoading || settingsQuery.isLoading}
            disconnected={disconnected}
            pctProblem={pctProblem}
            onEdit={edit}
          />
        </Tabs.Content>
        <Tabs.Content value="ai">
          <AiRecommendationTab
            aiEnabled={form?.ai_enabled}
            onUseAi={() => edit({ allocation_strategy: 'ai_optimized', ai_enabled: true })}
          />
        </Tabs.Content>
        <Tabs.Content value="advanced">
          <AdvancedTab form={form} settings={settings} onEdit={edit} />
        </Tabs.Content>
      </Tabs.Root>

      <Flex
        gap="3"
        align={{ base: 'stretch', sm: 'center' }}
        direction={{ base: 'column', sm: 'row' }}
        borderTopWidth="1px"
        borderColor="border"
        pt="4"
      >
        <Button
          colorPalette="brand"
          onClick={save}
          disabled={!canSave}
          loading={saveState.isLoading}
          loadingText="Saving..."
        >
          <LuSave /> Save Settings
        </Button>
        {draft && !savedAt && (
          <Badge colorPalette="orange" variant="subtle" alignSelf={{ base: 'flex-start', sm: 'center' }}>
            Unsaved changes
          </Badge>
        )}
        {savedAt !== null && (
          <HStack color="gain" role="status" gap="1.5">
            <LuCheck />
            <Text fontWeight="medium">{SAVE_CONFIRMATION_TEXT}</Text>
          </HStack>
        )}
        {saveError && (
          <Box role="alert" color="loss" fontWeight="medium">
            <Text>{saveError}</Text>
            {saveState.error !== undefined && (
              <Text textStyle="xs" color="fg.muted" fontWeight="normal">
                {errorMessage(saveState.error, 'The server did not answer.')}
              </Text>
            )}
          </Box>
        )}
      </Flex>
    </Stack>
  );
}
