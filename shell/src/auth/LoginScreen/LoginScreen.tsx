/**
 * The login screen (specification part 1, sections 2, 4, 5 and 8), in three modes:
 *
 * - login: email and password; a link to reset mode.
 * - reset: request a password setup link (the server writes it to its output, never to the
 *   caller); its message shows and the screen returns to login after 3 seconds. A server that hands
 *   back a setup token (the specification allows it; this one never does) moves the screen to setup.
 * - setup: choose a password with the token; "Back" returns to login and forgets token and fields.
 *   A `?setup=<token>` link (the server prints one on first start) opens this mode directly.
 *
 * Signing in (login or set password) stores the session, shows a success message and moves on to
 * `redirectTo` after 1.5 seconds.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@nivesh/api-client/router';
import { Box, Card, Flex, Stack, Text } from '@nivesh/ui/chakra';
import { signIn, useAppDispatch, useAuthConfigQuery, type SignedInSession } from '@nivesh/api-client';
import { HOME_PATH } from '../../app/routes';
import { LoginForm } from './LoginForm';
import { ResetForm } from './ResetForm';
import { SetupForm } from './SetupForm';
import { MESSAGES } from './messages';
import { BrandMark, FormMessage } from './parts';

const LOGIN_REDIRECT_DELAY_MS = 1500;
const RESET_RETURN_DELAY_MS = 3000;

/** The query parameter of the setup link the server prints. */
export const SETUP_LINK_PARAM = 'setup';

type Mode = 'login' | 'reset' | 'setup';

const HEADINGS: Record<Mode, { title: string; description: string }> = {
  login: { title: 'Sign in', description: 'Operator access to your trading console.' },
  reset: {
    title: 'Set up your password',
    description: 'First time here, or forgot your password? Request a one-time setup link.',
  },
  setup: {
    title: 'Choose a new password',
    description: 'Set the operator password, then you are signed in.',
  },
};

/** What the card says above the form, carried across a mode change. */
interface Notice {
  status: 'success' | 'info';
  title: string;
  detail?: string;
}

export function LoginScreen({ redirectTo = HOME_PATH }: { redirectTo?: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const linkToken = searchParams.get(SETUP_LINK_PARAM)?.trim() || null;
  const { data: config } = useAuthConfigQuery();

  const [mode, setMode] = useState<Mode>(linkToken ? 'setup' : 'login');
  const [setupToken, setSetupToken] = useState(linkToken ?? '');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [returningToLogin, setReturningToLogin] = useState(false);
  const [signedIn, setSignedIn] = useState(false);

  // The token has been taken into the form: drop it from the address bar (and from history).
  useEffect(() => {
    if (!linkToken) return;
    setSearchParams(
      (params) => {
        params.delete(SETUP_LINK_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [linkToken, setSearchParams]);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(redirectTo, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate, redirectTo]);

  useEffect(() => {
    if (!returningToLogin) return;
    const timer = setTimeout(() => {
      setReturningToLogin(false);
      setMode('login');
    }, RESET_RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [returningToLogin]);

  const switchTo = (next: Mode) => {
    setNotice(null);
    setReturningToLogin(false);
    if (next !== 'setup') setSetupToken('');
    setMode(next);
  };

  const completeSignIn = (session: SignedInSession & { message: string }) => {
    void dispatch(signIn({ token: session.token, user: session.user, endsAt: session.endsAt }));
    setNotice({ status: 'success', title: session.message, detail: MESSAGES.redirecting });
    setSignedIn(true);
  };

  const heading = HEADINGS[mode];

  return (
    <Flex
      minH="100dvh"
      align="center"
      justify="center"
      px={{ base: '4', sm: '6' }}
      py={{ base: '8', md: '12' }}
      position="relative"
      overflow="hidden"
      bg="bg"
      colorPalette="brand"
    >
      <Backdrop />
      <Stack position="relative" gap="7" w="full" maxW="md">
        <BrandMark />
        <Card.Root
          as="main"
          variant="elevated"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="2xl"
          shadow="0 24px 60px -24px rgba(0, 0, 0, 0.45)"
        >
          <Card.Header gap="1.5" px={{ base: '5', sm: '8' }} pt={{ base: '6', sm: '8' }}>
            <Card.Title as="h1" fontFamily="heading" fontSize="xl">
              {heading.title}
            </Card.Title>
            <Card.Description>{heading.description}</Card.Description>
          </Card.Header>
          <Card.Body px={{ base: '5', sm: '8' }} pb={{ base: '6', sm: '8' }}>
            <Stack gap="5">
              {notice && (
                <FormMessage status={notice.status} title={notice.title}>
                  {notice.detail}
                </FormMessage>
              )}
              {mode === 'login' && (
                <LoginForm
                  email={email}
                  onEmailChange={setEmail}
                  operatorEmail={config}
                  passwordSet={config?.password_set}
                  done={signedIn}
                  onSignedIn={completeSignIn}
                  onSetUpPassword={() => switchTo('reset')}
                />
              )}
              {mode === 'reset' && (
                <ResetForm
                  email={email}
                  onEmailChange={setEmail}
                  operatorEmail={config}
                  done={returningToLogin}
                  onBack={() => switchTo('login')}
                  onTokenIssued={(token, message) => {
                    setSetupToken(token);
                    setMode('setup');
                    setNotice({ status: 'info', title: message });
                  }}
                  onLinkSent={(message) => {
                    setNotice({ status: 'info', title: message, detail: 'Returning to login...' });
                    setReturningToLogin(true);
                  }}
                />
              )}
              {mode === 'setup' && (
                <SetupForm
                  initialToken={setupToken}
                  done={signedIn}
                  onBack={() => switchTo('login')}
                  onSignedIn={completeSignIn}
                />
              )}
            </Stack>
          </Card.Body>
        </Card.Root>
        <Text textAlign="center" textStyle="xs" color="fg.muted">
          One operator account. The session stays on this device until you log out.
        </Text>
      </Stack>
    </Flex>
  );
}

/** A quiet emerald glow and a faint chart grid behind the card. */
function Backdrop() {
  return (
    <Box
      aria-hidden
      position="absolute"
      inset="0"
      pointerEvents="none"
      css={{
        backgroundImage: [
          'radial-gradient(ellipse 60% 45% at 50% 0%, color-mix(in srgb, var(--chakra-colors-brand-500) 22%, transparent), transparent 70%)',
          'radial-gradient(ellipse 40% 35% at 100% 100%, color-mix(in srgb, var(--chakra-colors-brand-700) 18%, transparent), transparent 70%)',
          'linear-gradient(color-mix(in srgb, var(--chakra-colors-border) 45%, transparent) 1px, transparent 1px)',
          'linear-gradient(90deg, color-mix(in srgb, var(--chakra-colors-border) 45%, transparent) 1px, transparent 1px)',
        ].join(', '),
        backgroundSize: '100% 100%, 100% 100%, 48px 48px, 48px 48px',
        maskImage: 'radial-gradient(ellipse 80% 70% at 50% 40%, black 40%, transparent 100%)',
      }}
    />
  );
}
