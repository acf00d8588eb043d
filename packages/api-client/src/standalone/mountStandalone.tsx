/**
 * The standalone harness a remote's `bootstrap.tsx` uses for `pnpm --filter <remote> dev`: the
 * providers the shell would mount (store, UI system, router), links to the remote's pages, and a
 * plain sign-in form against the API server (proxied to :4000 by the dev server). In the product
 * only the shell mounts providers; this is for developing one remote alone.
 */
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { Alert, Box, Button, Container, Field, HStack, Heading, Input, Stack, Text } from '@nivesh/ui/chakra';
import { FullScreenLoading, system, Toaster, UiProvider, applyStoredColorMode } from '@nivesh/ui';
import { useLoginMutation } from '../domains/auth';
import { errorMessage } from '../errors';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectSession } from '../session/sessionSlice';
import { logout, restoreSession, signIn } from '../session/thunks';
import { makeStore } from '../store';
import { RouterNavigator } from './RouterNavigator';

export interface StandalonePage {
  path: string;
  label: string;
  element: ReactElement;
}

export interface StandaloneOptions {
  remote: string;
  pages: StandalonePage[];
  /** The landing page needs no session. */
  requireSession?: boolean;
}

function DevSignIn() {
  const dispatch = useAppDispatch();
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState('operator@nivesh.local');
  const [password, setPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await login({ body: { email, password } });
    if ('data' in answer && answer.data) {
      void dispatch(signIn({ token: answer.data.session_token, user: answer.data.user }));
    }
  };
  return (
    <Container maxW="sm" py="16">
      <form onSubmit={submit}>
        <Stack gap="4">
          <Heading size="lg">Standalone sign-in</Heading>
          <Text color="fg.muted">This remote runs alone against the API server on :4000.</Text>
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <Input value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <Input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field.Root>
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(error, 'Login failed. Please try again.')}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="brand" loading={isLoading}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Container>
  );
}

function Harness({ remote, pages, requireSession = true }: StandaloneOptions) {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  useEffect(() => {
    void dispatch(restoreSession());
  }, [dispatch]);
  if (requireSession && session.isLoading) return <FullScreenLoading />;
  if (requireSession && !session.isAuthenticated) return <DevSignIn />;
  return (
    <Box>
      <HStack px="4" py="2" gap="4" borderBottomWidth="1px" bg="bg.subtle" fontSize="sm" wrap="wrap">
        <Text fontWeight="semibold">{remote} (standalone)</Text>
        {pages.map((page) => (
          <Link key={page.path} to={page.path}>
            {page.label}
          </Link>
        ))}
        {session.isAuthenticated && (
          <Button size="xs" variant="ghost" ml="auto" onClick={() => void dispatch(logout())}>
            Sign out
          </Button>
        )}
      </HStack>
      <Box p={{ base: '4', md: '8' }}>
        <Routes>
          {pages.map((page) => (
            <Route key={page.path} path={page.path} element={page.element} />
          ))}
          <Route path="*" element={pages[0]?.element ?? null} />
        </Routes>
      </Box>
    </Box>
  );
}

export function mountStandalone(options: StandaloneOptions): void {
  applyStoredColorMode();
  const store = makeStore();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <Provider store={store}>
      <UiProvider system={system}>
        <BrowserRouter>
          <Harness {...options} />
          <RouterNavigator />
        </BrowserRouter>
        <Toaster />
      </UiProvider>
    </Provider>,
  );
}
