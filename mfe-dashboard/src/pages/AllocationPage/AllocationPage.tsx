/**
 * Daily Investment Allocation (/allocation and /admin/allocation; specification part 1, sections 2
 * and 5): how much of the capital the system may put to work each trading day.
 */
import { Box } from '@chakra-ui/react';
import { PageHeader } from '@nivesh/ui';
import { AllocationSettingsForm } from '../../features/allocationSettings';

export default function AllocationPage() {
  return (
    <Box>
      <PageHeader
        title="Daily Investment Allocation"
        subtitle="How much of your capital the system may put to work each trading day"
      />
      <AllocationSettingsForm />
    </Box>
  );
}
