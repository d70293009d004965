import { useState } from 'react';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './routes';
import { SessionEffects } from './session-effects';

/** The web app: providers, the session's effects and the routes. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <SessionEffects />
      <AppRoutes />
    </Providers>
  );
}
