/** Session lifecycle (specification part 1, section 4). */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '../api';
import { authApi } from '../domains/auth';
import {
  sessionCleared,
  sessionRestoring,
  sessionStarted,
  tokenStorage,
  type SessionState,
  type SignedInSession,
} from './sessionSlice';

/**
 * At start-up: a stored token is checked with the server. Accepted: signed in. Refused, or the
 * check fails for any reason: the stored token is removed. Loading ends either way. A failed check
 * is only logged.
 */
export const restoreSession = createAsyncThunk('session/restore', async (_: void, { dispatch }) => {
  const token = tokenStorage.read();
  if (!token) {
    dispatch(sessionCleared());
    return;
  }
  dispatch(sessionRestoring(token));
  try {
    const answer = await dispatch(authApi.endpoints.validateSession.initiate({ token })).unwrap();
    if (answer.success) {
      dispatch(sessionStarted({ token, user: answer.user, endsAt: answer.session_ends_at }));
      return;
    }
  } catch (error) {
    console.info('Stored session is not valid any more', error);
  }
  tokenStorage.clear();
  dispatch(sessionCleared());
});

/** After login or set-password: remember the token and sign in. */
export const signIn = createAsyncThunk('session/signIn', async (session: SignedInSession, { dispatch }) => {
  tokenStorage.write(session.token);
  dispatch(sessionStarted(session));
});

/**
 * Logout: tell the server when there is a token, then clear everything (state, stored token,
 * cached data) and report success even if the server call failed (that is only logged).
 */
export const logout = createAsyncThunk('session/logout', async (_: void, { dispatch, getState }) => {
  const token = (getState() as { session: SessionState }).session.sessionToken;
  if (token) {
    try {
      await dispatch(authApi.endpoints.logout.initiate()).unwrap();
    } catch (error) {
      console.warn('Logout call failed; signed out locally', error);
    }
  }
  tokenStorage.clear();
  dispatch(sessionCleared());
  dispatch(api.util.resetApiState());
  return { success: true as const };
});
