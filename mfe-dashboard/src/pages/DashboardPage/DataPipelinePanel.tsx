/**
 * The Data Intelligence Pipeline: market sentiment from the news, the latest headlines (5), the
 * recurring themes (up to 8) and the analysis engines. Three calls, each polled every 30 s with
 * its own time-out by the api client.
 */
import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Tabs,
  Tag,
  Text,
  Wrap,
} from '@nivesh/ui/chakra';
import {
  queryView,
  staleSummary,
  useEnginesStatusQuery,
  useMarketSentimentQuery,
  useNewsQuery,
  type QueryView,
} from '@nivesh/api-client';
import { formatNumber, Panel, QueryNotice, timeAgo, Unavailable } from '@nivesh/ui';
import { Section } from '../../features/layout/Section';

const PIPELINE_CONNECTING = 'AI services unavailable - connecting to ML systems...';
const PIPELINE_FAILED = 'Unable to connect to AI services.';
const MAX_EVENTS = 5;
const MAX_THEMES = 8;

/** While connecting or told "not connected" (503): connecting; any other failure: unable. */
function unavailableText(views: ReadonlyArray<Pick<QueryView<unknown>, 'state'>>): string {
  return views.some((view) => view.state === 'error') ? PIPELINE_FAILED : PIPELINE_CONNECTING;
}

const HEADLINE_PALETTE = { positive: 'green', negative: 'red', neutral: 'gray' } as const;
const ENGINE_PALETTE = { running: 'green', idle: 'blue', stopped: 'gray', error: 'red' } as const;

function signed(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && Number(text) !== 0 ? `-${text}` : `+${text}`;
}

function Figure({ label, value, help }: { label: string; value: ReactNode; help?: ReactNode }) {
  return (
    <Stack gap="0.5" p="3" rounded="l2" bg="bg.subtle" borderWidth="1px" borderColor="border">
      <Text textStyle="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" textStyle="lg" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      {help && (
        <Text textStyle="xs" color="fg.muted">
          {help}
        </Text>
      )}
    </Stack>
  );
}

export function DataPipelinePanel() {
  const sentimentQuery = useMarketSentimentQuery();
  const enginesQuery = useEnginesStatusQuery();
  const newsQuery = useNewsQuery();
  const sentimentView = queryView(sentimentQuery);
  const enginesView = queryView(enginesQuery);
  const newsView = queryView(newsQuery);
  const views = [sentimentView, enginesView, newsView];
  const sentiment = sentimentView.data?.sentiment;
  const engines = enginesView.data?.data;
  const news = newsView.data?.data;
  const stale = staleSummary(views);

  const retry = () => {
    sentimentQuery.refetch();
    enginesQuery.refetch();
    newsQuery.refetch();
  };

  if (!sentiment && !engines && !news) {
    const failed = views.some((view) => view.failure !== undefined);
    return (
      <Section label="Data Intelligence Pipeline">
        <Panel title="Data Intelligence Pipeline" subtitle="News, sentiment and analysis engines">
          <Unavailable title={unavailableText(views)}>
            {failed && (
              <Button size="xs" variant="outline" onClick={retry} mt="2">
                Retry
              </Button>
            )}
          </Unavailable>
        </Panel>
      </Section>
    );
  }

  const problems: string[] = [];
  if (!sentiment) problems.push('sentiment not connected');
  if (!news) problems.push('news feed not connected');
  if (!engines) problems.push('engine status not connected');
  if (sentimentView.state === 'stale') problems.push('sentiment not refreshing');
  if (newsView.state === 'stale') problems.push('news feed not refreshing');
  if (enginesView.state === 'stale') problems.push('engine status not refreshing');
  if (engines) {
    const down = engines.engines.filter((engine) => engine.status === 'stopped' || engine.status === 'error');
    if (down.length > 0) problems.push(`${down.length} of ${engines.engines.length} engines down`);
    if (!engines.synchronized) problems.push('engines not synchronized');
  }
  const healthy = problems.length === 0;

  const healthBadge = (
    <Badge colorPalette={healthy ? 'green' : 'orange'} variant="subtle" data-testid="pipeline-health">
      {healthy ? 'Healthy' : 'Degraded'}
    </Badge>
  );

  return (
    <Section label="Data Intelligence Pipeline">
      <Panel
        title="Data Intelligence Pipeline"
        subtitle="News, sentiment and analysis engines"
        actions={healthBadge}
      >
        {stale && <QueryNotice view={stale} unavailableTitle={PIPELINE_CONNECTING} />}
        <Tabs.Root defaultValue="overview" size="sm" variant="line">
          <Tabs.List>
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="events">Events</Tabs.Trigger>
            <Tabs.Trigger value="intelligence">Intelligence</Tabs.Trigger>
          </Tabs.List>

          <Tabs.Content value="overview">
            <Stack gap="4">
              {sentiment ? (
                <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
                  <Figure
                    label="Market sentiment"
                    value={sentiment.overall.label}
                    help={
                      sentiment.overall.score < 0
                        ? 'Bearish tilt'
                        : sentiment.overall.score > 0
                          ? 'Bullish tilt'
                          : 'Balanced'
                    }
                  />
                  <Figure
                    label="Sentiment score"
                    value={signed(sentiment.overall.score, 2)}
                    help="-1 bearish to +1 bullish"
                  />
                  <Figure label="Confidence" value={`${Math.round(sentiment.overall.confidence * 100)}%`} />
                  <Figure
                    label="News analysed"
                    value={formatNumber(sentiment.sources.news.count)}
                    help="articles"
                  />
                </SimpleGrid>
              ) : (
                <Unavailable title={unavailableText([sentimentView])} />
              )}
              <HStack gap="2" wrap="wrap" textStyle="sm">
                <Text color="fg.muted">Pipeline health:</Text>
                <Text fontWeight="medium" color={healthy ? 'gain' : 'orange.fg'}>
                  {healthy ? 'All sources flowing' : problems.join(' · ')}
                </Text>
                {engines && (
                  <Text color="fg.muted">
                    · {formatNumber(engines.engines_active)}/{formatNumber(engines.total_engines)} engines
                    active
                  </Text>
                )}
              </HStack>
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="events">
            {news ? (
              news.headlines.length === 0 ? (
                <Unavailable title="No recent news">
                  Headlines appear here as the news feed brings them.
                </Unavailable>
              ) : (
                <Stack as="ul" gap="0" listStyleType="none" aria-label="News events">
                  {news.headlines.slice(0, MAX_EVENTS).map((headline) => (
                    <Box
                      as="li"
                      key={`${headline.timestamp}-${headline.title}`}
                      py="3"
                      borderBottomWidth="1px"
                      borderColor="border"
                      _last={{ borderBottomWidth: 0 }}
                    >
                      <HStack justify="space-between" align="flex-start" gap="3">
                        <Stack gap="1" minW="0">
                          <Text fontWeight="medium" lineClamp={2}>
                            {headline.url ? (
                              <Link href={headline.url} target="_blank" rel="noreferrer">
                                {headline.title}
                              </Link>
                            ) : (
                              headline.title
                            )}
                          </Text>
                          <Text textStyle="sm" color="fg.muted" lineClamp={2}>
                            {headline.summary}
                          </Text>
                          <Text textStyle="xs" color="fg.subtle">
                            {headline.source} · {timeAgo(headline.timestamp)}
                            {headline.symbols.length > 0 && ` · ${headline.symbols.join(', ')}`}
                          </Text>
                        </Stack>
                        <Badge
                          colorPalette={HEADLINE_PALETTE[headline.sentiment]}
                          variant="subtle"
                          flexShrink={0}
                        >
                          {headline.sentiment}
                        </Badge>
                      </HStack>
                    </Box>
                  ))}
                </Stack>
              )
            ) : (
              <Unavailable title={unavailableText([newsView])} />
            )}
          </Tabs.Content>

          <Tabs.Content value="intelligence">
            <Stack gap="5">
              <Stack gap="2">
                <Text fontWeight="medium" textStyle="sm">
                  Market themes
                </Text>
                {news ? (
                  news.themes.length === 0 ? (
                    <Text textStyle="sm" color="fg.muted">
                      No recurring themes in recent headlines.
                    </Text>
                  ) : (
                    <Wrap gap="2" aria-label="Market themes">
                      {news.themes.slice(0, MAX_THEMES).map((theme) => (
                        <Tag.Root key={theme.theme} size="md" variant="surface">
                          <Tag.Label>
                            {theme.theme} · {formatNumber(theme.count)}
                          </Tag.Label>
                        </Tag.Root>
                      ))}
                    </Wrap>
                  )
                ) : (
                  <Text textStyle="sm" color="fg.muted">
                    {unavailableText([newsView])}
                  </Text>
                )}
              </Stack>
              <Stack gap="2">
                <Text fontWeight="medium" textStyle="sm">
                  Analysis engines
                </Text>
                {engines && engines.engines.length === 0 ? (
                  <Text textStyle="sm" color="fg.muted">
                    No engines reported.
                  </Text>
                ) : engines ? (
                  <Stack gap="1.5">
                    {engines.engines.map((engine) => (
                      <HStack key={engine.name} justify="space-between" textStyle="sm">
                        <Text>{engine.name}</Text>
                        <HStack gap="2">
                          {engine.last_heartbeat && (
                            <Text textStyle="xs" color="fg.muted">
                              {timeAgo(engine.last_heartbeat)}
                            </Text>
                          )}
                          <Badge colorPalette={ENGINE_PALETTE[engine.status]} variant="subtle">
                            {engine.status}
                          </Badge>
                        </HStack>
                      </HStack>
                    ))}
                  </Stack>
                ) : (
                  <Text textStyle="sm" color="fg.muted">
                    {unavailableText([enginesView])}
                  </Text>
                )}
              </Stack>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      </Panel>
    </Section>
  );
}
