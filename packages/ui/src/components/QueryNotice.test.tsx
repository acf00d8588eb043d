import { render, screen } from '@testing-library/react';
import { UiProvider } from '../theme/UiProvider';
import { system } from '../theme/fullSystem';
import { QueryNotice, staleText, type QueryNoticeView } from './QueryNotice';
import { ServiceStatusBadge } from './ServiceStatusBadge';

// 20 Nov 2026, 09:45:00 UTC.
const ANSWERED_AT = Date.UTC(2026, 10, 20, 9, 45, 0);

function renderNotice(view: QueryNoticeView) {
  return render(
    <UiProvider system={system}>
      <QueryNotice
        view={view}
        unavailableTitle="Market data not connected"
        errorTitle="Unable to load market data"
      />
    </UiProvider>,
  );
}

describe('staleText', () => {
  it('gives the age of the kept figures in the shared relative-time wording', () => {
    expect(staleText(ANSWERED_AT, new Date(ANSWERED_AT + 20_000))).toBe('Stale · updated just now');
    expect(staleText(ANSWERED_AT, new Date(ANSWERED_AT + 3 * 60_000 + 59_000))).toBe(
      'Stale · updated 3 minutes ago',
    );
    expect(staleText(ANSWERED_AT, new Date(ANSWERED_AT + 2 * 3_600_000))).toBe('Stale · updated 2 hours ago');
    expect(staleText(undefined, new Date(ANSWERED_AT))).toBe('Stale');
  });
});

describe('QueryNotice', () => {
  afterEach(() => jest.useRealTimers());

  it('says nothing while loading or when the figures are fresh', () => {
    renderNotice({ state: 'loading' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    renderNotice({ state: 'ready', updatedAt: ANSWERED_AT });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the service is not connected, with the server sentence, when there is no data', () => {
    renderNotice({
      state: 'unavailable',
      failureText: 'The market data service is not connected on this server.',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Market data not connectedThe market data service is not connected on this server.',
    );
  });

  it('uses the error title for any other failure', () => {
    renderNotice({ state: 'error', failureText: 'Internal error' });
    expect(screen.getByText('Unable to load market data')).toBeInTheDocument();
    expect(screen.getByText('Internal error')).toBeInTheDocument();
  });

  it('marks kept figures stale with their age and why the refresh failed', () => {
    jest.useFakeTimers({ now: ANSWERED_AT + 3 * 60_000 });
    renderNotice({
      state: 'stale',
      updatedAt: ANSWERED_AT,
      failureText: 'The market data service is not connected on this server.',
    });
    const notice = screen.getByRole('status');
    expect(notice).toHaveAttribute('data-query-state', 'stale');
    expect(screen.getByText('Stale · updated 3 minutes ago')).toBeInTheDocument();
    expect(notice).toHaveTextContent('The market data service is not connected on this server.');
    expect(screen.queryByText('Market data not connected')).not.toBeInTheDocument();
  });
});

describe('ServiceStatusBadge', () => {
  it.each([
    ['checking', 'Connecting...'],
    ['connected', 'Connected'],
    ['disconnected', 'Disconnected'],
    ['error', 'Connection error'],
    ['warning', 'Partially connected'],
  ] as const)('shows %s as "%s", named for a screen reader', (status, label) => {
    render(
      <UiProvider system={system}>
        <ServiceStatusBadge status={status} />
      </UiProvider>,
    );
    const badge = screen.getByRole('status', { name: `Connection: ${label}` });
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-status', status);
  });

  it('names what the status is of', () => {
    render(
      <UiProvider system={system}>
        <ServiceStatusBadge status="connected" subject="Data connection" title="Quick stats" />
      </UiProvider>,
    );
    expect(screen.getByRole('status', { name: 'Data connection: Connected' })).toHaveAttribute(
      'title',
      'Quick stats',
    );
  });
});
