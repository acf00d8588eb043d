/**
 * Test harness for components: the real store, api client, UI system and a router, with the
 * network answered by msw (the server is what is faked, never the component under test).
 */
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { User } from '@nivesh/api-contract';
import { system, Toaster, UiProvider } from '@nivesh/ui';
import { makeStore, type AppStore } from '../store';
import { sessionCleared, sessionStarted, tokenStorage, type SignedInSession } from '../session/sessionSlice';
import { RouterNavigator } from '../standalone/RouterNavigator';
import { FakeTickServer, installFakeTickServer } from './fakeTickServer';

export { http, HttpResponse, delay } from 'msw';
export { setupServer } from 'msw/node';
export * from './fakeTickServer';
export * from './mockRoute';
export * from './windowWidth';
export * from './layOutCharts';

export const TEST_USER: User = { email: 'operator@nivesh.local', name: null, username: 'operator' };
export const TEST_TOKEN = 'test-session-token';

export interface RenderOptions {
  /** The URL the router starts at. */
  route?: string;
  /** The route pattern the element is mounted on (default: every path). */
  path?: string;
  /** Signed in (the default), or `null` for a visitor. */
  session?: SignedInSession | null;
  store?: AppStore;
  /** The price stream's server end (default: a new FakeTickServer that prices nothing yet). */
  tickServer?: FakeTickServer;
}

export interface RenderedApp extends RenderResult {
  store: AppStore;
  user: UserEvent;
  /** Push live prices with `tickServer.publish([...])` (after `await tickServer.following([...])`). */
  tickServer: FakeTickServer;
}

/** The router's current path, for tests that check where a screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return (
    <span hidden data-testid="location">
      {location.pathname}
      {location.search}
    </span>
  );
}

export function renderWithProviders(element: ReactElement, options: RenderOptions = {}): RenderedApp {
  const store = options.store ?? makeStore();
  const session = options.session === undefined ? { token: TEST_TOKEN, user: TEST_USER } : options.session;
  if (session) {
    tokenStorage.write(session.token);
    store.dispatch(sessionStarted(session));
  } else {
    store.dispatch(sessionCleared());
  }
  const tickServer = options.tickServer ?? new FakeTickServer();
  installFakeTickServer(store, tickServer);
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <UiProvider system={system}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <Routes>
            <Route path={options.path ?? '*'} element={element} />
            {options.path && <Route path="*" element={null} />}
          </Routes>
          <LocationProbe />
          <RouterNavigator />
        </MemoryRouter>
        <Toaster />
      </UiProvider>
    </Provider>,
  );
  return { ...result, store, user, tickServer };
}

/** An ApiError body, as the server sends it. */
export { apiError as errorBody } from '@nivesh/api-contract';
