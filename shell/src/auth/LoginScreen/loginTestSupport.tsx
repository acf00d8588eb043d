/**
 * For the login screen's tests: the fake server's answers and a render helper. The server is what
 * is faked (msw); the screen, store and api client are the real ones.
 */
import { createHash } from 'node:crypto';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { contract, type RouteDefinition } from '@nivesh/api-contract';
import {
  checkedAnswer,
  HttpResponse,
  mockRoute,
  type RenderedApp,
  renderWithProviders,
  type ResolverInfo,
  TEST_USER,
} from '@nivesh/api-client/testing';
import { LoginScreen } from './LoginScreen';

export const OPERATOR_EMAIL = TEST_USER.email;
/** What the server publishes: this install's salt, and SHA-256 hex of the salt then the operator email. */
const OPERATOR_EMAIL_SALT = '5a17ed0f1ce0b1a5e5a17ed0f1ce0b1a';
const OPERATOR_EMAIL_SHA256 = createHash('sha256')
  .update(`${OPERATOR_EMAIL_SALT}${OPERATOR_EMAIL}`)
  .digest('hex');
export const NEW_SESSION_TOKEN = 'new-session-token';
export const STRONG_PASSWORD = 'Correct-Horse-42';

export function authConfig(passwordSet = true) {
  return mockRoute(contract.auth.config, () => ({
    success: true,
    operator_email_salt: OPERATOR_EMAIL_SALT,
    operator_email_sha256: OPERATOR_EMAIL_SHA256,
    password_set: passwordSet,
  }));
}

/** A signed-in answer (login and set-password share it). */
export function signedInAnswer(message: string) {
  return HttpResponse.json(
    checkedAnswer(contract.auth.login, {
      success: true,
      session_token: NEW_SESSION_TOKEN,
      message,
      setup_required: false,
      user: TEST_USER,
      expires_at: '2030-01-01T00:00:00.000Z',
      session_ends_at: '2030-01-07T00:00:00.000Z',
    }),
  );
}

/** The JSON bodies of the calls a handler received. */
export function recordingPost<R extends RouteDefinition>(route: R, answer: () => Response) {
  const bodies: unknown[] = [];
  const handler = mockRoute(route, async ({ request }: ResolverInfo) => {
    bodies.push(await request.json());
    return answer();
  });
  return { handler, bodies };
}

/**
 * The screen as /login shows it to a visitor. With `fakeTimers`, timers are jest's and the user
 * events advance them (for the 1.5 s and 3 s delays).
 */
export function renderLoginScreen({ route = '/login', fakeTimers = false } = {}): RenderedApp {
  if (fakeTimers) jest.useFakeTimers();
  const rendered = renderWithProviders(<LoginScreen redirectTo="/dashboard" />, {
    session: null,
    route,
    path: '/login',
  });
  const user = fakeTimers ? userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) : rendered.user;
  return { ...rendered, user };
}

export function location(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export async function signInWith(user: UserEvent, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}
