/** A module's or application's status: live ones pulse in the brand colour, upcoming ones stay quiet. */
import { Badge, Box } from '@nivesh/ui/chakra/core';
import { LuClock, LuRocket } from 'react-icons/lu';
import type { ApplicationStatus, ModuleStatus } from '../content';

export function StatusBadge({ status }: { status: ModuleStatus | ApplicationStatus }) {
  if (status === 'Active') {
    return (
      <Badge
        colorPalette="brand"
        variant="surface"
        size="md"
        rounded="full"
        px="2.5"
        gap="1.5"
        flexShrink={0}
      >
        <Box as="span" position="relative" display="inline-flex" boxSize="2" aria-hidden="true">
          <Box
            as="span"
            position="absolute"
            inset="0"
            rounded="full"
            bg="brand.400"
            opacity={0.7}
            _motionSafe={{ animation: 'ping 1.8s cubic-bezier(0, 0, 0.2, 1) infinite' }}
          />
          <Box as="span" position="relative" boxSize="2" rounded="full" bg="brand.500" />
        </Box>
        Active
      </Badge>
    );
  }
  const Icon = status === 'Launching Soon' ? LuRocket : LuClock;
  return (
    <Badge
      colorPalette={status === 'Launching Soon' ? 'purple' : 'gray'}
      variant="outline"
      size="md"
      rounded="full"
      px="2.5"
      gap="1.5"
      flexShrink={0}
    >
      <Icon aria-hidden="true" />
      {status}
    </Badge>
  );
}
