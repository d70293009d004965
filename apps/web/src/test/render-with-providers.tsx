import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach } from 'vitest';
import { catalogues, loadAllCatalogues, type AppLocale } from '../lib/i18n';

// Every screen's texts, as the app has them once its signed-in parts are loaded.
await loadAllCatalogues();

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

/** Options of {@link renderWithProviders}; every one has a default. */
export interface RenderWithProvidersOptions {
  /** The query client (default: a fresh {@link testQueryClient}). */
  client?: QueryClient;
  /** The router's starting address (default `/conversations`). */
  route?: string;
  /** The interface language (default fr-CA, the product's default). */
  locale?: AppLocale;
}

/**
 * Renders `ui` with the app's providers (Mantine, TanStack Query, react-intl with the real
 * catalogues, a memory router), as every web component test needs. Returns Testing Library's
 * result plus the query client, to seed or inspect its cache.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const client = options.client ?? testQueryClient();
  const locale = options.locale ?? 'fr-CA';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <IntlProvider locale={locale} messages={catalogues[locale]}>
          <MemoryRouter initialEntries={[options.route ?? '/conversations']}>{children}</MemoryRouter>
        </IntlProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { client, ...render(ui, { wrapper }) };
}
