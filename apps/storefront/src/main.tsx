import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api.ts';
import { App } from './app.tsx';
import { systemsQuery } from './features/shop/queries.ts';
import { intlStore } from './i18n/intl-store.ts';
import { resolveStartupLocale } from './i18n/locale.ts';
import { queryClient } from './query-client.ts';
import './styles.css';

const root = document.getElementById('root');

/** The shop's default locale, asked only when neither a saved choice nor the browser names a supported one. */
async function shopDefaultLocale(): Promise<string> {
  // Without a locale yet the request goes without Accept-Language, so the reply is in the shop's default.
  const systems = await api.systems.get();
  queryClient.setQueryData(systemsQuery.queryKey, systems);
  return systems.defaultLocale;
}

/** Without its catalog the app cannot say anything translated; the spec's own words and a reload remain. */
function showStartFailure(container: HTMLElement): void {
  const box = document.createElement('div');
  box.className = 'result result-error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'Loading chunk failed';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button-primary';
  retry.textContent = 'Retry';
  retry.addEventListener('click', () => window.location.reload());
  box.append(title, retry);
  container.replaceChildren(box);
}

async function start(container: HTMLElement): Promise<void> {
  const locale = await resolveStartupLocale(shopDefaultLocale);
  await intlStore.activate(locale);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

if (root) start(root).catch(() => showStartFailure(root));
