import useSWR from 'swr';
import { api } from './client';

export const ENVIRONMENT_KEY = '/api/environment';

async function fetchEnvironment(): Promise<string> {
  const response = await api.get<{ environment?: string | null }>(ENVIRONMENT_KEY, { silent: true });
  return response.data?.environment?.trim() ?? '';
}

/** The environment name for the watermark (SPEC.md §2); empty in production or when it cannot be read. */
export function useEnvironmentName(): string {
  const { data } = useSWR(ENVIRONMENT_KEY, fetchEnvironment, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  return data ?? '';
}
