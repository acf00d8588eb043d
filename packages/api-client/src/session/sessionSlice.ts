/**
 * The session (specification part 1, section 3): user, sessionToken, isLoading (true until the
 * stored token has been checked), isAuthenticated. The token also lives in local storage under one
 * fixed key, so a reload keeps the operator signed in.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@nivesh/api-contract';
import { SESSION_STORAGE_KEY } from './sessionKey';

export { SESSION_STORAGE_KEY };

export interface SessionState {
  user: User | null;
  sessionToken: string | null;
  /** When the server ends this session however often it is used (ISO time), once known. */
  endsAt: string | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** A signed-in session: the token, the operator, and the absolute end of the session. */
export interface SignedInSession {
  token: string;
  user: User;
  /** The absolute end the server set (login, set-password, validate-session); unknown elsewhere. */
  endsAt?: string | null;
}

export const initialSessionState: SessionState = {
  user: null,
  sessionToken: null,
  endsAt: null,
  isLoading: true,
  isAuthenticated: false,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A stored token was found and is being checked with the server. */
    sessionRestoring(state, action: PayloadAction<string>) {
      state.sessionToken = action.payload;
      state.isLoading = true;
      state.isAuthenticated = false;
    },
    /** Signed in (login, set-password, or a stored token the server accepted). */
    sessionStarted(state, action: PayloadAction<SignedInSession>) {
      state.sessionToken = action.payload.token;
      state.user = action.payload.user;
      state.endsAt = action.payload.endsAt ?? null;
      state.isAuthenticated = true;
      state.isLoading = false;
    },
    /** Signed out, refused, or no session at all. */
    sessionCleared(state) {
      state.sessionToken = null;
      state.endsAt = null;
      state.user = null;
      state.isAuthenticated = false;
      state.isLoading = false;
    },
    /** The server refused the token on some call: the session has expired or was revoked. */
    sessionExpired(state) {
      state.sessionToken = null;
      state.endsAt = null;
      state.user = null;
      state.isAuthenticated = false;
      state.isLoading = false;
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectSessionToken: (state) => state.sessionToken,
    selectUser: (state) => state.user,
    selectSessionEndsAt: (state) => state.endsAt,
    selectIsAuthenticated: (state) => state.isAuthenticated,
    selectSessionLoading: (state) => state.isLoading,
  },
});

export const { sessionRestoring, sessionStarted, sessionCleared, sessionExpired } = sessionSlice.actions;
export const {
  selectSession,
  selectSessionToken,
  selectUser,
  selectSessionEndsAt,
  selectIsAuthenticated,
  selectSessionLoading,
} = sessionSlice.selectors;

/** Local storage can throw (private mode, quota): the session then simply is not remembered. */
export const tokenStorage = {
  read(): string | null {
    try {
      return window.localStorage.getItem(SESSION_STORAGE_KEY);
    } catch {
      return null;
    }
  },
  write(token: string): void {
    try {
      window.localStorage.setItem(SESSION_STORAGE_KEY, token);
    } catch {
      // Not remembered across reloads.
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Nothing stored.
    }
  },
};
