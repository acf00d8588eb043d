/**
 * One data source: name, type, description, status and badges, last check and latency, and its
 * actions (switch for built-in sources, Refresh, View API, Edit for custom ones).
 */
import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Link,
  Stack,
  Switch,
  Text,
  Wrap,
} from '@nivesh/ui/chakra';
import { LuExternalLink, LuPencil, LuRefreshCw } from 'react-icons/lu';
import type { DataSourceEntry } from '@nivesh/api-contract';
import { errorMessage, useRefreshDataSourceMutation, useToggleDataSourceMutation } from '@nivesh/api-client';
import { lastUpdatedLabel, latencyLabel, STATUS_LABELS, STATUS_PALETTE } from './dataSourceDisplay';

export function DataSourceCard({
  source,
  onEdit,
}: {
  source: DataSourceEntry;
  onEdit: (source: DataSourceEntry) => void;
}) {
  const [toggle, toggleState] = useToggleDataSourceMutation();
  const [refresh, refreshState] = useRefreshDataSourceMutation();
  const [problem, setProblem] = useState<string | null>(null);

  async function switchTo(enabled: boolean) {
    setProblem(null);
    const result = await toggle({ params: { id: source.id }, body: { enabled } });
    if ('error' in result) {
      setProblem(
        `Could not switch ${enabled ? 'on' : 'off'}: ${errorMessage(result.error, 'the server did not answer.')}`,
      );
    }
  }

  async function check() {
    setProblem(null);
    const result = await refresh({ params: { id: source.id } });
    if ('error' in result)
      setProblem(`Refresh failed: ${errorMessage(result.error, 'the server did not answer.')}`);
  }

  return (
    <Box
      as="article"
      aria-label={source.name}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      p="4"
      shadow="xs"
      opacity={source.enabled ? 1 : 0.85}
    >
      <Stack gap="3">
        <Flex justify="space-between" align="flex-start" gap="3">
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" truncate>
              {source.name}
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {source.type}
            </Text>
          </Stack>
          <Badge
            colorPalette={STATUS_PALETTE[source.status]}
            variant="solid"
            data-status={source.status}
            data-palette={STATUS_PALETTE[source.status]}
          >
            {STATUS_LABELS[source.status]}
          </Badge>
        </Flex>

        {source.description && (
          <Text textStyle="sm" color="fg.muted" lineClamp={2}>
            {source.description}
          </Text>
        )}

        <Wrap gap="1.5">
          <Badge variant="outline">{source.type}</Badge>
          {source.api_key_required && (
            <Badge variant="subtle" colorPalette="orange">
              API Key Required
            </Badge>
          )}
          <Badge variant="subtle" colorPalette={source.custom ? 'purple' : 'blue'}>
            {source.custom ? 'Custom' : 'Built-in'}
          </Badge>
        </Wrap>

        <Text textStyle="xs" fontFamily="mono" color="fg.muted" truncate title={source.endpoint}>
          {source.endpoint}
        </Text>

        <HStack gap="4" textStyle="xs" color="fg.muted" wrap="wrap" fontVariantNumeric="tabular-nums">
          <Text>
            Last updated:{' '}
            <Text as="span" color="fg">
              {lastUpdatedLabel(source.last_updated)}
            </Text>
          </Text>
          <Text>
            Latency:{' '}
            <Text as="span" color="fg">
              {latencyLabel(source.latency)}
            </Text>
          </Text>
        </HStack>

        <Flex justify="space-between" align="center" gap="2" wrap="wrap" pt="1">
          <HStack gap="1.5">
            <Button
              size="xs"
              variant="outline"
              onClick={check}
              loading={refreshState.isLoading}
              aria-label={`Refresh ${source.name}`}
            >
              <LuRefreshCw /> Refresh
            </Button>
            {source.external_url && (
              <Button asChild size="xs" variant="ghost">
                <Link href={source.external_url} target="_blank" rel="noopener noreferrer">
                  <LuExternalLink /> View API
                </Link>
              </Button>
            )}
            {source.custom && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={`Edit ${source.name}`}
                onClick={() => onEdit(source)}
              >
                <LuPencil />
              </IconButton>
            )}
          </HStack>
          {!source.custom && (
            <Switch.Root
              size="sm"
              colorPalette="brand"
              checked={source.enabled}
              disabled={toggleState.isLoading}
              onCheckedChange={(details) => void switchTo(details.checked)}
            >
              <Switch.HiddenInput aria-label={`Enable ${source.name}`} />
              <Switch.Control />
              <Switch.Label textStyle="xs">{source.enabled ? 'Enabled' : 'Disabled'}</Switch.Label>
            </Switch.Root>
          )}
        </Flex>

        {problem && (
          <Text textStyle="xs" color="loss" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
