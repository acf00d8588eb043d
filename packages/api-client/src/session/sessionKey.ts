/**
 * The local-storage key of the session token, on its own so that the shell can tell whether a
 * session may exist without downloading the api-client (`@nivesh/api-client/sessionKey`).
 */
export const SESSION_STORAGE_KEY = 'nivesh.session_token';
