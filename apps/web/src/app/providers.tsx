import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '@accueil/domain';
import { LocaleProvider } from './locale-provider';
import { theme } from './theme';

/**
 * Every provider the app needs, outermost first: Mantine (theme), TanStack Query, the
 * router, react-intl (locale from session, URL and browser), modals and toasts (3 s).
 * `router: false` lets tests supply their own MemoryRouter.
 */
export function Providers({ children, queryClient, router = true }: { children: ReactNode; queryClient: QueryClient; router?: boolean }) {
  const inner = (
    <LocaleProvider>
      <ModalsProvider>
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />
        {children}
      </ModalsProvider>
    </LocaleProvider>
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>{router ? <BrowserRouter>{inner}</BrowserRouter> : inner}</QueryClientProvider>
    </MantineProvider>
  );
}
