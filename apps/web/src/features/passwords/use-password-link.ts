import { useQuery } from '@tanstack/react-query';
import { inspectPasswordLink } from './api';

/** Query keys of the password screens. */
export const passwordKeys = { link: (token: string) => ['password-link', token] as const };

/**
 * What the server says of a password link (one request, shared by the page and its language,
 * never retried: a refused link stays refused); nothing is read without a token.
 */
export function usePasswordLink(token: string) {
  return useQuery({
    queryKey: passwordKeys.link(token),
    queryFn: ({ signal }) => inspectPasswordLink(token, signal),
    retry: false,
    staleTime: Infinity,
    enabled: token.length > 0,
  });
}
