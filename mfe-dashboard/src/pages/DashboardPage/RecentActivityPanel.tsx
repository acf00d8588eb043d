/** The latest fills, newest first: Bought or Sold, symbol, quantity at price, value, and when. */
import { Badge, Box, Flex, HStack, Skeleton, Stack, Text } from '@nivesh/ui/chakra';
import type { ActivityItem } from '@nivesh/api-contract';
import { queryView, useActivityQuery } from '@nivesh/api-client';
import { formatNumber, formatRupees, Panel, QueryNotice, Unavailable } from '@nivesh/ui';
import { Section } from '../../features/layout/Section';

const MAX_ACTIVITY = 8;

function ActivityRow({ item }: { item: ActivityItem }) {
  // The specification reads 'Bought' as a buy and anything else as a sale.
  const bought = item.action === 'Bought';
  return (
    <Flex
      as="li"
      justify="space-between"
      align="center"
      gap="3"
      py="2.5"
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
    >
      <HStack gap="3" minW="0">
        <Badge colorPalette={bought ? 'green' : 'red'} variant="subtle" minW="14" justifyContent="center">
          {bought ? 'Bought' : 'Sold'}
        </Badge>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate>
            {item.symbol}
          </Text>
          <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
            {formatNumber(item.quantity)} @ {formatRupees(item.price, { decimals: 2 })}
          </Text>
        </Stack>
      </HStack>
      <Stack gap="0" align="flex-end" flexShrink={0}>
        <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
          {formatRupees(item.value)}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {item.time_ago}
        </Text>
      </Stack>
    </Flex>
  );
}

export function RecentActivityPanel() {
  const view = queryView(useActivityQuery(), 'The portfolio service did not answer.');
  const items = view.data?.data;

  return (
    <Section label="Recent Activity">
      <Panel title="Recent Activity" subtitle="Latest fills">
        {view.state === 'loading' && (
          <Stack gap="3" aria-label="Loading recent activity">
            <Skeleton height="10" />
            <Skeleton height="10" />
            <Skeleton height="10" />
          </Stack>
        )}
        <QueryNotice
          view={view}
          unavailableTitle="Data source not connected"
          errorTitle="Unable to load recent activity"
        />
        {items &&
          (items.length === 0 ? (
            <Unavailable title="No recent activity">Trades appear here as orders are filled.</Unavailable>
          ) : (
            <Box as="ul" listStyleType="none" aria-label="Recent activity">
              {items.slice(0, MAX_ACTIVITY).map((item) => (
                <ActivityRow key={item.id} item={item} />
              ))}
            </Box>
          ))}
      </Panel>
    </Section>
  );
}
