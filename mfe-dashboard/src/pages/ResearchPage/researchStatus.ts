/**
 * The research page's failure texts (specification part 1, section 8). The specification's 503 text
 * names Upstox because its only data source was that broker; here the market data may be the
 * simulated market, so the Upstox text is shown only when the 503 says Upstox is the data source at
 * fault (its body's `data_source`, contract.research.analysis). Any other 503 means the research
 * service itself is not connected.
 */
import { httpStatus, type ApiCallError } from '@nivesh/api-client';

export const RESEARCH_TEXTS = {
  /** 503 from the research service because its Upstox market data is not connected. */
  dataSourceNotConnected: 'Data source not connected - Check Upstox connection',
  /** No answer at all, the service failed (5xx), or a 503 that does not blame Upstox. */
  serviceNotConnected: 'Research service not connected',
  /** The service answered, but without a usable analysis (success false, or an unusable answer). */
  dataNotAvailable: 'Research data not available',
} as const;

/** The data source a 503 names as not connected, when it names one. */
function dataSourceAtFault(error: ApiCallError): unknown {
  if (!error || !('status' in error)) return undefined;
  const data = error.data as { data_source?: unknown } | null | undefined;
  return data && typeof data === 'object' ? data.data_source : undefined;
}

export function researchFailureText(error: ApiCallError): string {
  const status = httpStatus(error);
  if (status === 503)
    return dataSourceAtFault(error) === 'upstox'
      ? RESEARCH_TEXTS.dataSourceNotConnected
      : RESEARCH_TEXTS.serviceNotConnected;
  if (typeof status === 'number' && status >= 400 && status < 500) return RESEARCH_TEXTS.dataNotAvailable;
  if (status === 'PARSING_ERROR' || status === 'CUSTOM_ERROR') return RESEARCH_TEXTS.dataNotAvailable;
  return RESEARCH_TEXTS.serviceNotConnected;
}
