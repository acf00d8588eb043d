/** The last 30 days' net P&L, one cell per day, shaded by size (from the server's daily_pnl). */
import { Box, Grid, HStack, Text } from '@nivesh/ui/chakra';
import type { DailyPnl } from '@nivesh/api-contract';
import { formatRupees } from '@nivesh/ui';
import { formatDay } from '../../features/format';

function cellLabel(day: DailyPnl): string {
  return `${formatDay(day.date)}: ${day.pnl === null ? 'market closed' : formatRupees(day.pnl, { sign: true })}`;
}

export function PnlHeatmap({ days }: { days: readonly DailyPnl[] }) {
  const largest = Math.max(0, ...days.map((d) => Math.abs(d.pnl ?? 0)));
  return (
    <Box>
      <Grid
        as="ul"
        aria-label="Daily P&L, last 30 days"
        templateColumns={{ base: 'repeat(10, minmax(0, 1fr))', md: 'repeat(15, minmax(0, 1fr))' }}
        gap="1.5"
        listStyleType="none"
      >
        {days.map((day) => {
          const pnl = day.pnl;
          const strength = pnl === null || largest === 0 ? 0 : Math.abs(pnl) / largest;
          return (
            <Box
              as="li"
              key={day.date}
              aria-label={cellLabel(day)}
              title={cellLabel(day)}
              data-testid="heatmap-cell"
              data-pnl={pnl ?? 'closed'}
              aspectRatio="1"
              rounded="sm"
              borderWidth="1px"
              borderStyle={pnl === null ? 'dashed' : 'solid'}
              borderColor="border"
              bg={pnl === null ? 'transparent' : pnl > 0 ? 'green.500' : pnl < 0 ? 'red.500' : 'bg.muted'}
              opacity={pnl === null || pnl === 0 ? 1 : 0.3 + 0.7 * strength}
            />
          );
        })}
      </Grid>
      <HStack gap="4" mt="3" textStyle="xs" color="fg.muted" wrap="wrap">
        <HStack gap="1.5">
          <Box boxSize="3" rounded="sm" bg="red.500" />
          <Text>Loss</Text>
        </HStack>
        <HStack gap="1.5">
          <Box boxSize="3" rounded="sm" bg="green.500" />
          <Text>Gain (darker = larger)</Text>
        </HStack>
        <HStack gap="1.5">
          <Box boxSize="3" rounded="sm" borderWidth="1px" borderStyle="dashed" borderColor="border" />
          <Text>Market closed</Text>
        </HStack>
      </HStack>
    </Box>
  );
}
