import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { DeferredOverlays } from './deferred';
import { LocaleProvider } from './locale-provider';
import { cssVariablesResolver, theme } from './theme';

/**
 * Every provider the app needs, outermost first: Mantine (theme), TanStack Query, the
 * router, react-intl (locale from session, URL and browser), then modals and toasts (3 s),
 * loaded just after the first screen (see `Overlays`).
 * `router: false` lets tests supply their own MemoryRouter.
 */
export function Providers({
  children,
  queryClient,
  router = true,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  router?: boolean;
}) {
  const inner = (
    <LocaleProvider>
      <Suspense fallback={null}>
        <DeferredOverlays />
      </Suspense>
      {children}
    </LocaleProvider>
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {router ? <BrowserRouter>{inner}</BrowserRouter> : inner}
      </QueryClientProvider>
    </MantineProvider>
  );
}
