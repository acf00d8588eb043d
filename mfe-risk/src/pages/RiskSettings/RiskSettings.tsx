/**
 * The risk settings panel: editable position and loss limits, and which risk alerts are raised.
 * Exposed as `risk/RiskSettings`; the Settings page of another remote shows it inside its "Risk
 * Management" tab, so it renders as a section (no page header) and needs only the shell's providers.
 */
import { Heading, SimpleGrid, Stack, Text } from '@nivesh/ui/chakra';
import { Panel } from '@nivesh/ui';
import { AlertSettingsForm } from '../../features/AlertSettingsForm';
import { RiskLimitsForm } from '../../features/RiskLimitsForm';

export default function RiskSettings() {
  return (
    <Stack as="section" gap="4" aria-labelledby="risk-settings-title">
      <Stack gap="1">
        <Heading as="h2" size="lg" id="risk-settings-title">
          Risk settings
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          The limits the risk system checks every position and trade against, and the alerts it raises.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, xl: 3 }} gap="4" alignItems="start">
        <Stack gridColumn={{ xl: 'span 2' }}>
          <Panel title="Risk limits" subtitle="Amounts in rupees; shares in percent (20 = 20%)">
            <RiskLimitsForm />
          </Panel>
        </Stack>
        <Panel title="Risk alerts" subtitle="Which alerts the risk system raises">
          <AlertSettingsForm />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
