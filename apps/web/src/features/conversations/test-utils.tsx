import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { catalogues } from '../../lib/i18n';

afterEach(cleanup);

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {} },
  });
}

/** A query client for tests: no retries, so failures show at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `ui` with the app's providers (Mantine, TanStack Query, fr-CA messages, router). */
export function renderWithProviders(
  ui: ReactElement,
  options: { client?: QueryClient; route?: string } = {},
) {
  const client = options.client ?? testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <IntlProvider locale="fr-CA" messages={catalogues['fr-CA']}>
          <MemoryRouter initialEntries={[options.route ?? '/conversations']}>{children}</MemoryRouter>
        </IntlProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}
