/**
 * Daily Investment Allocation (/allocation and /admin/allocation; specification part 1, sections 2
 * and 5): how much of the capital the system may put to work each trading day, the automated
 * execution that spends it, and the decisions it made.
 */
import { Box, Stack } from '@nivesh/ui/chakra';
import { PageHeader } from '@nivesh/ui';
import { AllocationSettingsForm } from '../../features/allocationSettings';
import { AutomationPanel, DecisionsPanel } from '../../features/automation';

export default function AllocationPage() {
  return (
    <Box>
      <PageHeader
        title="Daily Investment Allocation"
        subtitle="How much of your capital the system may put to work each trading day"
      />
      <Stack gap="6">
        <AllocationSettingsForm />
        <AutomationPanel />
        <DecisionsPanel />
      </Stack>
    </Box>
  );
}
