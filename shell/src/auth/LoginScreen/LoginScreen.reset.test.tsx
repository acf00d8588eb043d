/** Reset mode: requesting a password setup link (specification part 1, sections 4, 5 and 8). */
import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { contract } from '@nivesh/api-contract';
import { authApi, type AppStore } from '@nivesh/api-client';
import { errorBody, HttpResponse, setupServer } from '@nivesh/api-client/testing';
import { OPERATOR_EMAIL, authConfig, recordingPost, renderLoginScreen } from './loginTestSupport';

const RESET_LINK = 'Forgot password or first time here? Set up your password';
const LINK_SENT =
  "If that address is the operator's, a password setup link has been written to the server log. It is valid for 15 minutes.";

// Whole user journeys with typing: slower than the 5 s default on a busy machine.
jest.setTimeout(20_000);

const server = setupServer(authConfig());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

function setupAnswers(answer: () => Response) {
  const recorded = recordingPost(contract.auth.requestPasswordSetup, answer);
  server.use(recorded.handler);
  return recorded.bodies;
}

async function openReset(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: RESET_LINK }));
  expect(screen.getByRole('heading', { name: 'Set up your password' })).toBeInTheDocument();
}

async function requestSetup(user: UserEvent, email: string) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send setup instructions' }));
}

async function configSettled(store: AppStore) {
  await waitFor(() => expect(authApi.endpoints.authConfig.select()(store.getState()).isSuccess).toBe(true));
}

describe('switching between login and reset', () => {
  it('opens from the reset link and returns with Back to Login', async () => {
    const { user } = renderLoginScreen();
    await openReset(user);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('keeps the email typed on the login form', async () => {
    const { user } = renderLoginScreen();
    await user.type(screen.getByLabelText('Email'), OPERATOR_EMAIL);
    await openReset(user);
    expect(screen.getByLabelText('Email')).toHaveValue(OPERATOR_EMAIL);
  });
});

describe('reset validation', () => {
  it('asks for the email, without calling the server', async () => {
    const bodies = setupAnswers(() => HttpResponse.json({ success: true, message: LINK_SENT }));
    const { user } = renderLoginScreen();
    await openReset(user);
    await requestSetup(user, '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(bodies).toEqual([]);
  });

  it("refuses an address that is not the operator's (the specification's singular 'user')", async () => {
    const bodies = setupAnswers(() => HttpResponse.json({ success: true, message: LINK_SENT }));
    const { user, store } = renderLoginScreen();
    await configSettled(store);
    await openReset(user);
    await requestSetup(user, 'someone.else@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Access restricted to authorized user only');
    expect(bodies).toEqual([]);
  });
});

describe('the server answers with a setup token (fresh install, same machine)', () => {
  it('moves to setup mode with the token in the form', async () => {
    const bodies = setupAnswers(() =>
      HttpResponse.json({
        success: true,
        message: 'Password setup token issued. Choose your password now.',
        temp_token: 'issued-token',
      }),
    );
    const { user, store } = renderLoginScreen();
    await configSettled(store);
    await openReset(user);
    await requestSetup(user, ` ${OPERATOR_EMAIL} `);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText('Password setup token issued. Choose your password now.')).toBeInTheDocument();
    expect(screen.getByLabelText('Setup token')).toHaveValue('issued-token');
    expect(bodies).toEqual([{ email: OPERATOR_EMAIL }]);
  });
});

describe('the server answers without a token', () => {
  it("shows the server's message and returns to login after 3 seconds", async () => {
    setupAnswers(() => HttpResponse.json({ success: true, message: LINK_SENT }));
    const { user } = renderLoginScreen({ fakeTimers: true });
    await openReset(user);
    await requestSetup(user, OPERATOR_EMAIL);
    expect(await screen.findByText(LINK_SENT)).toBeInTheDocument();
    expect(screen.getByText('Returning to login...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send setup instructions' })).toBeDisabled();

    act(() => jest.advanceTimersByTime(2500));
    expect(screen.getByRole('heading', { name: 'Set up your password' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    // The message stays for the operator to finish reading.
    expect(screen.getByText(LINK_SENT)).toBeInTheDocument();
  });

  it('does not return by itself once the operator has gone Back to Login and elsewhere', async () => {
    setupAnswers(() => HttpResponse.json({ success: true, message: LINK_SENT }));
    const { user } = renderLoginScreen({ fakeTimers: true });
    await openReset(user);
    await requestSetup(user, OPERATOR_EMAIL);
    await screen.findByText(LINK_SENT);
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await openReset(user);
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.getByRole('heading', { name: 'Set up your password' })).toBeInTheDocument();
  });
});

describe('reset failures (section 8)', () => {
  it('says the instructions could not be sent', async () => {
    setupAnswers(() => new HttpResponse('Internal Server Error', { status: 500 }));
    const { user } = renderLoginScreen();
    await openReset(user);
    await requestSetup(user, OPERATOR_EMAIL);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send password setup instructions.');
    expect(screen.getByRole('heading', { name: 'Set up your password' })).toBeInTheDocument();
  });

  it("adds the server's reason when it gives one", async () => {
    setupAnswers(() =>
      HttpResponse.json(errorBody('Too many password setup requests. Please try again in 15 minutes.'), {
        status: 429,
      }),
    );
    const { user } = renderLoginScreen();
    await openReset(user);
    await requestSetup(user, OPERATOR_EMAIL);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send password setup instructions.');
    expect(alert).toHaveTextContent('Too many password setup requests. Please try again in 15 minutes.');
  });

  it('says so on a network failure', async () => {
    setupAnswers(() => HttpResponse.error());
    const { user } = renderLoginScreen();
    await openReset(user);
    await requestSetup(user, OPERATOR_EMAIL);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send password setup instructions.');
    expect(alert).toHaveTextContent('Network error. Please try again.');
  });
});
