/**
 * A routed page that lives in a remote. It loads inside its own error boundary: when the remote
 * cannot be loaded (or its page fails), this route shows what happened and a Retry button, and the
 * shell and the other routes keep working.
 */
import {
  Component,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { Box, Button, Code, Heading, Stack, Text } from '@nivesh/ui/chakra/core';
import type { ExposedModule } from '@nivesh/api-contract/plain';
import { PageLoading } from '@nivesh/ui/core';
import {
  fallBackToStable,
  loadRemoteModule,
  RemoteUnavailableError,
  reportFailure,
  type LoadedRemoteModule,
} from './remoteRegistry';
import { removePrerender } from './prerender';

interface BoundaryProps {
  label: string;
  onRetry(): void;
  /** Told about every error the boundary catches (to report render failures). */
  onError?(error: Error): void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/** What the route shows when its remote failed to load or its page threw. */
function RemoteFailure({ label, error, onRetry }: { label: string; error: Error; onRetry(): void }) {
  const loadFailed = error instanceof RemoteUnavailableError;
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      rounded="l3"
      p="6"
      maxW="3xl"
    >
      <Stack gap="3">
        <Heading as="h2" size="md">
          {loadFailed ? `${label} could not be loaded` : `${label} stopped working`}
        </Heading>
        <Text color="fg.muted">
          {loadFailed
            ? 'This page group is unavailable right now. The rest of Nivesh keeps working; try again in a moment.'
            : 'Something went wrong while showing this page. The rest of Nivesh keeps working.'}
        </Text>
        <Code whiteSpace="pre-wrap" p="2" fontSize="xs" colorPalette="red">
          {error.message}
        </Code>
        <Box>
          <Button colorPalette="brand" onClick={onRetry}>
            Retry
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.label} failed`, error, info.componentStack);
    removePrerender();
    this.props.onError?.(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <RemoteFailure label={this.props.label} error={this.state.error} onRetry={this.props.onRetry} />;
  }
}

/** The remote and the module it exposes, without './' (for example `risk` and `RiskPage`). */
export type RemotePageProps = ExposedModule & {
  /** The page's name, for messages. */
  label: string;
  /**
   * Whether the page ends with the build it came from (default: yes). The signed-in pages do; the
   * public landing page does not (its visitors have no use for it; the operator finds it in the
   * sidebar's v1.0 tooltip).
   */
  releaseNote?: boolean;
  /** Test seam: how the module is loaded (the Module Federation runtime by default). */
  load?: typeof loadRemoteModule;
};

type Loaded = Omit<LoadedRemoteModule<unknown>, 'module'>;

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Page: ComponentType; release: Loaded }
  | { status: 'failed'; error: Error };

/** Which build of the page group this is, so an operator can say what they saw. */
function ReleaseNote({ label, release }: { label: string; release: Loaded }) {
  return (
    <Text mt="10" textStyle="xs" color="fg.subtle" data-testid="remote-release">
      {label.replace(/^The /, '')} · build <Code fontSize="inherit">{release.version}</Code>
      {release.channel === 'canary' ? ' · canary' : ''}
    </Text>
  );
}

function RemoteModule({
  remote,
  module,
  label,
  releaseNote = true,
  isRetry,
  load,
  onLoaded,
}: Omit<RemotePageProps, 'load'> & {
  isRetry: boolean;
  load: typeof loadRemoteModule;
  onLoaded(release: Loaded): void;
}) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    load<{ default: ComponentType }>(remote, module, isRetry).then(
      (loaded) => {
        if (!current) return;
        const release = { version: loaded.version, channel: loaded.channel };
        onLoaded(release);
        setState({ status: 'ready', Page: loaded.module.default, release });
      },
      (error: unknown) =>
        current &&
        setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [remote, module, isRetry, load, onLoaded]);

  // The live page takes the prerendered one's place in the same frame.
  useLayoutEffect(() => {
    if (state.status === 'ready') removePrerender();
  }, [state.status]);

  if (state.status === 'loading') return <PageLoading label={`Loading ${label}...`} />;
  if (state.status === 'failed') throw state.error;
  const { Page } = state;
  return (
    <>
      <Page />
      {releaseNote && <ReleaseNote label={label} release={state.release} />}
    </>
  );
}

export function RemotePage({ remote, module, label, releaseNote, load = loadRemoteModule }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef<Loaded | null>(null);
  const onLoaded = useCallback((release: Loaded) => {
    loaded.current = release;
  }, []);
  // A page that loaded but failed while rendering: report it against the release that did it.
  const onError = (error: Error) => {
    if (error instanceof RemoteUnavailableError || !loaded.current) return;
    reportFailure(remote, loaded.current.version, 'render', error);
  };
  // Retrying a canary that failed to render uses the stable release instead.
  const onRetry = () => {
    if (loaded.current?.channel === 'canary') fallBackToStable(remote);
    loaded.current = null;
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary
      key={`${remote}/${module}#${attempt}`}
      label={label}
      onRetry={onRetry}
      onError={onError}
    >
      <RemoteModule
        remote={remote}
        module={module}
        label={label}
        releaseNote={releaseNote}
        isRetry={attempt > 0}
        load={load}
        onLoaded={onLoaded}
      />
    </RemoteErrorBoundary>
  );
}
