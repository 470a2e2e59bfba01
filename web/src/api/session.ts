import type { SessionUser } from '@scm/contracts';
import useSWR, { mutate } from 'swr';
import { i18next } from '../i18n';
import { storage } from '../lib/storage';
import { createStore } from '../lib/store';
import { api, authFailureHandlers } from './client';

export interface TokenView {
  token: string | null;
  user: SessionUser | null;
}

export const TOKEN_KEY = '/api/token';

/** The user record kept in browser storage after sign-in (SPEC.md §6); cleared on sign-out. */
export function storedUser(): SessionUser | null {
  return storage.getJson<SessionUser>('user');
}

/** Hooks into navigation from outside React (sign-out from the API client, for instance). */
export const navigation = { navigate: (_to: string) => window.location.assign(_to) };

/** Views and per-page state that sign-out clears (tags view, remembered queries). */
export const signOutListeners = createStore(0);

async function fetchToken(): Promise<TokenView> {
  const response = await api.get<TokenView>(TOKEN_KEY, { silent: true });
  return response.data;
}

/**
 * The session as the shell sees it, read from /api/token (renewed on every navigation). Signed in means a
 * token and user info are both present.
 */
export function useSession() {
  const { data, error, isLoading } = useSWR<TokenView, Error>(TOKEN_KEY, fetchToken, {
    revalidateOnFocus: true,
    shouldRetryOnError: false,
  });
  const user = data?.token && data.user ? data.user : null;
  return { user, signedIn: user !== null, loading: isLoading && !data, error };
}

export async function signIn(username: string, password: string): Promise<SessionUser> {
  const response = await api.post<TokenView>('/api/login', { username, password }, { loading: true, silent: true });
  const user = response.data.user!;
  storage.setJson('user', user);
  await mutate(TOKEN_KEY, response.data, { revalidate: false });
  return user;
}

/**
 * Signs out: tells the server, clears the stored user, closes every open view and goes to /login with the
 * current path as the redirect parameter.
 */
export async function signOut(redirect = window.location.pathname + window.location.search): Promise<void> {
  await api.post('/api/logout', undefined, { silent: true }).catch(() => undefined);
  storage.remove('user');
  signOutListeners.set((n) => n + 1);
  await mutate(TOKEN_KEY, { token: null, user: null } satisfies TokenView, { revalidate: false });
  const target =
    redirect && !redirect.startsWith('/login') ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  navigation.navigate(target);
}

/** Re-reads /api/token; the router calls it on every navigation. */
export function refreshSession(): Promise<unknown> {
  return mutate(TOKEN_KEY);
}

authFailureHandlers.signOut = () => void signOut();
authFailureHandlers.goToLogin = () => navigation.navigate('/login');

export function verificationFailedMessage(): string {
  return i18next.t('errors:UNAUTHENTICATED');
}
