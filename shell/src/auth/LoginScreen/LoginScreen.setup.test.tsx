/** Setup mode: choosing a new password (specification part 1, sections 4, 5 and 8). */
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { contract } from '@nivesh/api-contract';
import { SESSION_STORAGE_KEY } from '@nivesh/api-client';
import { errorBody, HttpResponse, setupServer, TEST_USER } from '@nivesh/api-client/testing';
import {
  NEW_SESSION_TOKEN,
  OPERATOR_EMAIL,
  STRONG_PASSWORD,
  authConfig,
  location,
  recordingPost,
  renderLoginScreen,
  signedInAnswer,
} from './loginTestSupport';

const LINK_TOKEN = 'token-from-the-link';
const SETUP_ROUTE = `/login?setup=${LINK_TOKEN}`;
const SUBMIT = 'Set password and sign in';

// Whole user journeys with typing: slower than the 5 s default on a busy machine.
jest.setTimeout(20_000);

const server = setupServer(authConfig());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
  jest.restoreAllMocks();
  window.localStorage.clear();
});
afterAll(() => server.close());

function setPasswordAnswers(answer: () => Response) {
  const recorded = recordingPost(contract.auth.setPassword, answer);
  server.use(recorded.handler);
  return recorded.bodies;
}

async function fill(user: UserEvent, newPassword: string, confirmPassword: string) {
  const fields = { 'New password': newPassword, 'Confirm password': confirmPassword };
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

function strength(): string {
  return screen.getByTestId('password-strength').textContent ?? '';
}

describe('the setup link', () => {
  it('opens setup mode with its token, and drops the token from the address', async () => {
    renderLoginScreen({ route: SETUP_ROUTE });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup token')).toHaveValue(LINK_TOKEN);
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    expect(location()).toBe('/login');
  });

  it('without a token the screen opens in login mode', () => {
    renderLoginScreen({ route: '/login?setup=' });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('Back', () => {
  it('returns to login and forgets the token and the fields', async () => {
    server.use(
      recordingPost(contract.auth.requestPasswordSetup, () =>
        HttpResponse.json({
          success: true,
          message: 'Password setup token issued.',
          temp_token: 'second-token',
        }),
      ).handler,
    );
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await fill(user, STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();

    // Back into setup with a fresh token: nothing of the first attempt is left.
    await user.click(
      screen.getByRole('button', { name: 'Forgot password or first time here? Set up your password' }),
    );
    await user.type(screen.getByLabelText('Email'), OPERATOR_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send setup instructions' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Setup token')).toHaveValue('second-token');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm password')).toHaveValue('');
  });
});

describe('the strength meter', () => {
  it.each([
    ['', 'Weak', 0],
    ['abc', 'Fair', 25],
    ['abcABC', 'Good', 50],
    ['abcABC1', 'Good', 65],
    ['abcdefghijkl', 'Good', 50],
    ['abcABC1!', 'Strong', 75],
    ['Abcdefghijk1', 'Strong', 90],
    [STRONG_PASSWORD, 'Strong', 100],
  ])('rates %j as %s (%i)', async (password, label, score) => {
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await fill(user, password, '');
    expect(strength()).toBe(label);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(score));
  });

  it('keeps the submit button disabled below 75 and enables it from 75', async () => {
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    const submit = screen.getByRole('button', { name: SUBMIT });
    expect(submit).toBeDisabled();
    await fill(user, 'abcABC1', 'abcABC1'); // 65
    expect(submit).toBeDisabled();
    await fill(user, 'abcdefghijkL', ''); // 75
    expect(submit).toBeEnabled();
  });
});

describe('set password validation', () => {
  it('asks for both fields', async () => {
    const bodies = setPasswordAnswers(() => signedInAnswer('Password set successfully.'));
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await fill(user, STRONG_PASSWORD, '');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter and confirm your new password');
    expect(bodies).toEqual([]);
  });

  it('requires the two to match', async () => {
    const bodies = setPasswordAnswers(() => signedInAnswer('Password set successfully.'));
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await fill(user, STRONG_PASSWORD, `${STRONG_PASSWORD}x`);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(bodies).toEqual([]);
  });

  it('requires at least 12 characters (a short password can still score 75)', async () => {
    const bodies = setPasswordAnswers(() => signedInAnswer('Password set successfully.'));
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await fill(user, 'aB3$', 'aB3$');
    expect(strength()).toBe('Strong');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password must be at least 12 characters long',
    );
    expect(bodies).toEqual([]);
  });

  it('requires a token', async () => {
    const bodies = setPasswordAnswers(() => signedInAnswer('Password set successfully.'));
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await user.clear(screen.getByLabelText('Setup token'));
    await fill(user, STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The setup token is missing. Request a new setup link.',
    );
    expect(bodies).toEqual([]);
  });
});

describe('setting the password', () => {
  it('sends token and password, stores the session, shows success, and goes to /dashboard after 1.5 seconds', async () => {
    const bodies = setPasswordAnswers(() => signedInAnswer('Password set successfully.'));
    const { user, store } = renderLoginScreen({ route: SETUP_ROUTE, fakeTimers: true });
    await fill(user, STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    expect(await screen.findByText('Password set successfully.')).toBeInTheDocument();
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    expect(bodies).toEqual([{ temp_token: LINK_TOKEN, new_password: STRONG_PASSWORD }]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBe(NEW_SESSION_TOKEN);
    expect(store.getState().session).toMatchObject({
      isAuthenticated: true,
      sessionToken: NEW_SESSION_TOKEN,
      user: TEST_USER,
    });
    expect(screen.getByRole('button', { name: SUBMIT })).toBeDisabled();

    act(() => jest.advanceTimersByTime(1000));
    expect(location()).toBe('/login');
    act(() => jest.advanceTimersByTime(500));
    expect(location()).toBe('/dashboard');
  });
});

describe('set password failures (section 8)', () => {
  it.each([
    [
      'the server says why',
      () =>
        HttpResponse.json(
          errorBody('This setup link is invalid, used or expired. Please request a new one.'),
          {
            status: 400,
          },
        ),
      'This setup link is invalid, used or expired. Please request a new one.',
    ],
    [
      'no reason given',
      () => new HttpResponse('Internal Server Error', { status: 500 }),
      'Failed to set new password',
    ],
    ['no answer at all', () => HttpResponse.error(), 'Network error. Please try again.'],
  ])('%s', async (_, answer, expected) => {
    setPasswordAnswers(answer);
    const { user, store } = renderLoginScreen({ route: SETUP_ROUTE });
    await fill(user, STRONG_PASSWORD, STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(store.getState().session.isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });
});

describe('the password generator', () => {
  it('fills both fields with a strong 16-character password that can be revealed and copied', async () => {
    const bodies = setPasswordAnswers(() => signedInAnswer('Password set successfully.'));
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await user.click(screen.getByRole('button', { name: 'Generate a strong password' }));

    const generated = (screen.getByLabelText('New password') as HTMLInputElement).value;
    expect(generated).toHaveLength(16);
    expect(generated).toMatch(/[a-z]/);
    expect(generated).toMatch(/[A-Z]/);
    expect(generated).toMatch(/[0-9]/);
    expect(generated).toMatch(/[^A-Za-z0-9]/);
    expect(screen.getByLabelText('Confirm password')).toHaveValue(generated);
    expect(strength()).toBe('Strong');
    expect(screen.getByRole('button', { name: SUBMIT })).toBeEnabled();

    const shown = screen.getByTestId('generated-password');
    expect(shown).toHaveTextContent('•'.repeat(16));
    await user.click(screen.getByRole('button', { name: 'Show generated password' }));
    expect(shown).toHaveTextContent(generated);
    await user.click(screen.getByRole('button', { name: 'Hide generated password' }));
    expect(shown).not.toHaveTextContent(generated);

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy generated password' }));
    expect(await screen.findByText('Copied to the clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(generated);

    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await screen.findByText('Password set successfully.');
    expect(bodies).toEqual([{ temp_token: LINK_TOKEN, new_password: generated }]);
  });

  it('says so when the clipboard refuses', async () => {
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await user.click(screen.getByRole('button', { name: 'Generate a strong password' }));
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy generated password' }));
    expect(await screen.findByText('Could not copy: reveal it and copy it by hand.')).toBeInTheDocument();
  });

  it('makes a new password each time', async () => {
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    const button = screen.getByRole('button', { name: 'Generate a strong password' });
    await user.click(button);
    const first = (screen.getByLabelText('New password') as HTMLInputElement).value;
    await user.click(button);
    expect(screen.getByLabelText('New password')).not.toHaveValue(first);
  });

  it('forgets the generated password once the operator types another', async () => {
    const { user } = renderLoginScreen({ route: SETUP_ROUTE });
    await user.click(screen.getByRole('button', { name: 'Generate a strong password' }));
    expect(screen.getByTestId('generated-password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'x');
    expect(screen.queryByTestId('generated-password')).not.toBeInTheDocument();
  });
});
