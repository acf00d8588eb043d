/**
 * The Risk Management tab: the risk remote's settings panel, loaded through Module Federation
 * (`risk/RiskSettings`) with the shell's loader (`loadRemoteModule` of @nivesh/api-client: the
 * release the shell registered, its canary fallback and load reports). This remote never imports
 * the risk remote; when the panel cannot be loaded (or fails while showing, or the shell is absent
 * as in the standalone harness), the tab says so and offers Retry, and Settings keeps working.
 */
import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Code, Heading, Stack, Text } from '@nivesh/ui/chakra';
import { loadRemoteModule } from '@nivesh/api-client';
import { PageLoading } from '@nivesh/ui';

type RiskSettingsModule = { default: ComponentType };
/**
 * Loads the risk settings panel; `isRetry` is set when the user asked to try again after a failure.
 * A test passes its own.
 */
export type RiskSettingsLoader = (options: {
  isRetry: boolean;
}) => Promise<RiskSettingsModule | null | undefined>;

/** Through the shell's loader; without the shell (standalone harness) it fails and the fallback shows. */
export const loadRiskSettingsRemote: RiskSettingsLoader = async ({ isRetry }) =>
  (await loadRemoteModule<RiskSettingsModule>('risk', 'RiskSettings', { isRetry })).module;

const RISK_SETTINGS_UNAVAILABLE = 'Risk settings could not be loaded';

function Fallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="border.warning" bg="bg.warning" rounded="l3" p="5">
      <Stack gap="3">
        <Heading as="h2" size="md">
          {RISK_SETTINGS_UNAVAILABLE}
        </Heading>
        <Text color="fg.muted">
          The risk management page group is unavailable right now. The other settings keep working; try again
          in a moment.
        </Text>
        <Code whiteSpace="pre-wrap" p="2" fontSize="xs">
          {error.message}
        </Code>
        <Box>
          <Button size="sm" colorPalette="brand" onClick={onRetry}>
            Retry
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

class PanelBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Risk settings failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <Fallback error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

type LoadState =
  { status: 'loading' } | { status: 'ready'; Panel: ComponentType } | { status: 'failed'; error: Error };

function RemotePanel({ load, isRetry }: { load: RiskSettingsLoader; isRetry: boolean }) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    load({ isRetry }).then(
      (loaded) => {
        if (!current) return;
        if (loaded?.default) setState({ status: 'ready', Panel: loaded.default });
        else setState({ status: 'failed', error: new Error('risk/RiskSettings is empty') });
      },
      (error: unknown) => {
        if (current)
          setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, isRetry]);

  if (state.status === 'loading') return <PageLoading label="Loading risk settings..." />;
  if (state.status === 'failed') throw state.error;
  const { Panel } = state;
  return <Panel />;
}

export function RiskSettingsTab({ load = loadRiskSettingsRemote }: { load?: RiskSettingsLoader }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <PanelBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <RemotePanel load={load} isRetry={attempt > 0} />
    </PanelBoundary>
  );
}
