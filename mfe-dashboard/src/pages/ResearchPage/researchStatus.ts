/** The research page's failure texts (specification part 1, section 8). */
import { httpStatus, type ApiCallError } from '@nivesh/api-client';

export const RESEARCH_TEXTS = {
  /** 503: the market data behind the analysis (the broker feed) is not connected. */
  dataSourceNotConnected: 'Data source not connected - Check Upstox connection',
  /** No answer at all, or the service failed (5xx). */
  serviceNotConnected: 'Research service not connected',
  /** The service answered, but without a usable analysis (success false, or an unusable answer). */
  dataNotAvailable: 'Research data not available',
} as const;

export function researchFailureText(error: ApiCallError): string {
  const status = httpStatus(error);
  if (status === 503) return RESEARCH_TEXTS.dataSourceNotConnected;
  if (typeof status === 'number' && status >= 400 && status < 500) return RESEARCH_TEXTS.dataNotAvailable;
  if (status === 'PARSING_ERROR' || status === 'CUSTOM_ERROR') return RESEARCH_TEXTS.dataNotAvailable;
  return RESEARCH_TEXTS.serviceNotConnected;
}
