import { QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { RawIntlProvider } from 'react-intl';
import { BrowserRouter, useLocation } from 'react-router';
import { Layout } from './components/layout.tsx';
import { intlStore } from './i18n/intl-store.ts';
import { queryClient } from './query-client.ts';
import { AppRoutes, findRoute } from './routes.tsx';

function Shell() {
  const { pathname } = useLocation();
  return (
    <Layout pageTitle={findRoute(pathname).title}>
      <AppRoutes />
    </Layout>
  );
}

export function App() {
  const intl = useSyncExternalStore(intlStore.subscribe, intlStore.get);
  // The first catalog loads before the first render (main.tsx), so this only guards the type.
  if (!intl) return null;
  return (
    <RawIntlProvider value={intl}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </QueryClientProvider>
    </RawIntlProvider>
  );
}
