/** Runs the restart procedure with the api client's calls, and keeps its progress for the dialog. */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  errorMessage,
  useAdminRestartMutation,
  useProbeHealthMutation,
  useRestartServerMutation,
} from '@nivesh/api-client';
import { restartServer, type RestartProgress, type RestartRequestOutcome } from './serverRestart';

type RestartResult =
  | { data: { success: boolean; message: string; error?: string } }
  | { error: Parameters<typeof errorMessage>[0] };

function outcomeOf(result: RestartResult): RestartRequestOutcome {
  if ('data' in result) {
    return result.data.success
      ? { ok: true, message: result.data.message }
      : { ok: false, error: result.data.error ?? result.data.message };
  }
  return { ok: false, error: errorMessage(result.error, 'The server did not answer the restart request.') };
}

export function useServerRestart(onRestarted: () => void) {
  const [restart] = useRestartServerMutation();
  const [adminRestart] = useAdminRestartMutation();
  const [probeHealth] = useProbeHealthMutation();
  const [progress, setProgress] = useState<RestartProgress | null>(null);
  const unmounted = useRef(false);

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  const start = useCallback(async () => {
    const final = await restartServer({
      restart: async () => outcomeOf(await restart()),
      fallbackRestart: async () => outcomeOf(await adminRestart()),
      probe: async () => {
        const result = await probeHealth();
        return 'data' in result && result.data ? result.data : null;
      },
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
      onProgress: setProgress,
      cancelled: () => unmounted.current,
    });
    if (final.phase === 'restarted' && !unmounted.current) onRestarted();
  }, [restart, adminRestart, probeHealth, onRestarted]);

  const running = progress?.phase === 'requesting' || progress?.phase === 'waiting';
  return { progress, running, start };
}
