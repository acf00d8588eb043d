/**
 * The Data Intelligence Pipeline: market sentiment from the news, the latest headlines (5), the
 * recurring themes (up to 8) and the analysis engines. Three calls, each polled every 30 s with
 * its own time-out by the api client.
 *
 * It says what is flowing and what is not, source by source (`pipelineSources`): each news feed
 * (or that none is configured, with the way to add one), what the market sentiment was read from
 * (news, or market breadth alone), and the engines. Healthy only when every source flows; Partial
 * when a source is missing or not ready yet (no news feed, the first sentiment reading being
 * taken) but nothing fails; Degraded when something fails.
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
import { Link as RouterLink, tabAddress } from '@nivesh/api-client/router';
import { PAGE_PATHS } from '@nivesh/api-contract';
import { Figure, formatIstTime, formatNumber, Panel, QueryNotice, timeAgo, Unavailable } from '@nivesh/ui';
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

type SourceState = 'flowing' | 'pending' | 'off' | 'failing';

interface PipelineSource {
  name: string;
  state: SourceState;
  detail: ReactNode;
}

const SOURCE_STYLE: Record<SourceState, { label: string; palette: string }> = {
  flowing: { label: 'Flowing', palette: 'green' },
  pending: { label: 'Not ready yet', palette: 'blue' },
  off: { label: 'Not flowing', palette: 'yellow' },
  failing: { label: 'Failing', palette: 'red' },
};

const HEALTH_STYLE = {
  healthy: { label: 'Healthy', palette: 'green' },
  partial: { label: 'Partial', palette: 'yellow' },
  degraded: { label: 'Degraded', palette: 'orange' },
} as const;

/** Where the operator adds a news feed. */
const DATA_SOURCES_ADDRESS = tabAddress(PAGE_PATHS.settings, 'data-sources');

/** A call's failure as a source's state: a 503 is not ready (or not connected) yet, anything else fails. */
function failedState(view: QueryView<unknown>): SourceState {
  return view.failure === 'error' ? 'failing' : 'pending';
}

/** Each source of the pipeline, and whether it flows, from the three calls' answers. */
function pipelineSources(
  views: { sentiment: QueryView<unknown>; news: QueryView<unknown>; engines: QueryView<unknown> },
  data: { sentiment?: MarketSentiment; news?: NewsData; engines?: EnginesData },
): PipelineSource[] {
  const sources: PipelineSource[] = [];
  const { sentiment, news, engines } = data;

  if (!news) {
    sources.push({
      name: 'News feeds',
      state: failedState(views.news),
      detail: views.news.failureText ?? unavailableText([views.news]),
    });
  } else if (news.feeds.configured === 0) {
    sources.push({
      name: 'News feeds',
      state: 'off',
      detail: (
        <>
          No news feed is configured, so the market sentiment comes from market breadth alone.{' '}
          <Link asChild colorPalette="brand">
            <RouterLink to={DATA_SOURCES_ADDRESS}>Add a news feed in Settings › Data Sources</RouterLink>
          </Link>
        </>
      ),
    });
  } else if (news.feeds.reads.length === 0) {
    sources.push({
      name: 'News feeds',
      state: 'pending',
      detail: `${formatNumber(news.feeds.configured)} configured, not read yet: they are read every 15 minutes.`,
    });
  } else {
    for (const read of news.feeds.reads) {
      sources.push({
        name: `News: ${read.source}`,
        state: read.ok ? 'flowing' : 'failing',
        detail: read.ok
          ? `${formatNumber(read.items)} headlines, read ${formatIstTime(read.read_at)}`
          : `${read.error ?? 'Not read'} (tried ${formatIstTime(read.read_at)})`,
      });
    }
  }
  if (news && views.news.state === 'stale')
    sources.push({ name: 'News', state: 'failing', detail: 'Not refreshing.' });

  if (!sentiment) {
    sources.push({
      name: 'Market sentiment',
      state: failedState(views.sentiment),
      detail: views.sentiment.failureText ?? unavailableText([views.sentiment]),
    });
  } else {
    const from = sentiment.sources.read_from;
    sources.push({
      name: 'Market sentiment',
      state: views.sentiment.state === 'stale' ? 'failing' : from.length === 0 ? 'off' : 'flowing',
      detail:
        views.sentiment.state === 'stale'
          ? 'Not refreshing.'
          : from.includes('news')
            ? `Read from ${formatNumber(sentiment.sources.news.count)} headlines of the last 24 hours.`
            : from.includes('market breadth')
              ? 'Read from market breadth alone (NIFTY 50 advancers against decliners): no news to read.'
              : 'Neither news nor market breadth has data yet.',
    });
  }

  if (!engines) {
    sources.push({
      name: 'Analysis engines',
      state: failedState(views.engines),
      detail: views.engines.failureText ?? unavailableText([views.engines]),
    });
  } else {
    const failing = engines.engines.filter((engine) => engine.status === 'error');
    const stopped = engines.engines.filter((engine) => engine.status === 'stopped');
    const problems = [
      failing.length > 0 &&
        `${failing.length} of ${engines.engines.length} engines down (${failing.map((e) => e.name).join(', ')})`,
      !engines.synchronized && 'engines not synchronized',
      views.engines.state === 'stale' && 'not refreshing',
    ].filter((text): text is string => typeof text === 'string');
    sources.push({
      name: 'Analysis engines',
      state: problems.length > 0 ? 'failing' : stopped.length > 0 ? 'off' : 'flowing',
      detail: [
        `${formatNumber(engines.engines_active)}/${formatNumber(engines.total_engines)} engines active`,
        ...problems,
        ...(stopped.length > 0
          ? [`not running on this server: ${stopped.map((e) => e.name).join(', ')}`]
          : []),
      ].join(' · '),
    });
  }
  return sources;
}

type MarketSentiment = NonNullable<ReturnType<typeof useMarketSentimentQuery>['data']>['sentiment'];
type NewsData = NonNullable<ReturnType<typeof useNewsQuery>['data']>['data'];
type EnginesData = NonNullable<ReturnType<typeof useEnginesStatusQuery>['data']>['data'];

function SourceList({ sources }: { sources: PipelineSource[] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Pipeline sources">
      {sources.map((source) => (
        <HStack
          as="li"
          key={source.name}
          align="flex-start"
          justify="space-between"
          gap="3"
          aria-label={`${source.name}: ${SOURCE_STYLE[source.state].label}`}
        >
          <Stack gap="0" minW="0">
            <Text textStyle="sm" fontWeight="medium">
              {source.name}
            </Text>
            <Text as="div" textStyle="xs" color="fg.muted">
              {source.detail}
            </Text>
          </Stack>
          <Badge colorPalette={SOURCE_STYLE[source.state].palette} variant="subtle" flexShrink={0}>
            {SOURCE_STYLE[source.state].label}
          </Badge>
        </HStack>
      ))}
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

  const sources = pipelineSources(
    { sentiment: sentimentView, news: newsView, engines: enginesView },
    { sentiment, news, engines },
  );
  const health = sources.some((source) => source.state === 'failing')
    ? 'degraded'
    : sources.every((source) => source.state === 'flowing')
      ? 'healthy'
      : 'partial';
  const flowing = sources.filter((source) => source.state === 'flowing').map((source) => source.name);
  const notFlowing = sources.filter((source) => source.state !== 'flowing').map((source) => source.name);

  const healthBadge = (
    <Badge colorPalette={HEALTH_STYLE[health].palette} variant="subtle" data-testid="pipeline-health">
      {HEALTH_STYLE[health].label}
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
              {sentiment && (
                <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
                  <Figure
                    variant="tile"
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
                    variant="tile"
                    label="Sentiment score"
                    value={signed(sentiment.overall.score, 2)}
                    help="-1 bearish to +1 bullish"
                  />
                  <Figure
                    variant="tile"
                    label="Confidence"
                    value={`${Math.round(sentiment.overall.confidence * 100)}%`}
                  />
                  <Figure
                    variant="tile"
                    label="News analysed"
                    value={formatNumber(sentiment.sources.news.count)}
                    help="articles"
                  />
                </SimpleGrid>
              )}
              <Stack gap="1" textStyle="sm">
                <Text>
                  <Text as="span" color="fg.muted">
                    Flowing:{' '}
                  </Text>
                  <Text as="span" fontWeight="medium" color={flowing.length > 0 ? 'gain' : 'fg.muted'}>
                    {flowing.length > 0 ? flowing.join(', ') : 'nothing yet'}
                  </Text>
                </Text>
                {notFlowing.length > 0 && (
                  <Text>
                    <Text as="span" color="fg.muted">
                      Not flowing:{' '}
                    </Text>
                    <Text as="span" fontWeight="medium" color="orange.fg">
                      {notFlowing.join(', ')}
                    </Text>
                  </Text>
                )}
              </Stack>
              <SourceList sources={sources} />
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
