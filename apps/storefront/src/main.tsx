import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api.ts';
import { App } from './app.tsx';
import { shopperQuery } from './features/session/use-shopper.ts';
import { markAppStarted } from './features/start-up/early-replies.ts';
import { systemsQuery } from './features/shop/queries.ts';
import { intlStore } from './i18n/intl-store.ts';
import { resolveStartupLocale, startFailureTextHere } from './i18n/locale.ts';
import { queryClient } from './query-client.ts';
import { startLoading } from './routes.tsx';
import './styles.css';

const root = document.getElementById('root');

/**
 * How long the first render waits for the page's data before showing the page's placeholders instead: long
 * enough for a reply over a slow mobile link, short enough that a stuck request does not hold up the shop.
 */
const FIRST_RENDER_WAIT_MS = 2_500;

/** The shop's default locale, asked only when neither a saved choice nor the browser names a supported one. */
async function shopDefaultLocale(): Promise<string> {
  // Without a locale yet the request goes without Accept-Language, so the reply is in the shop's default.
  const systems = await api.systems.get();
  queryClient.setQueryData(systemsQuery.queryKey, systems);
  return systems.defaultLocale;
}

/** Without its catalog the app can still say, in the reader's language, that it failed (spec: "Loading chunk failed"). */
function showStartFailure(container: HTMLElement): void {
  const box = document.createElement('div');
  box.className = 'result result-error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  const text = startFailureTextHere();
  title.textContent = text.title;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button-primary';
  retry.textContent = text.retry;
  retry.addEventListener('click', () => window.location.reload());
  box.append(title, retry);
  container.replaceChildren(box);
}

async function start(container: HTMLElement): Promise<void> {
  markAppStarted();
  const locale = await resolveStartupLocale(shopDefaultLocale);
  const catalog = intlStore.activate(locale);
  // The page's chunk and data, and what the frame shows (shop name, who is logged in), download beside the
  // catalog instead of after the first render.
  const page = Promise.allSettled([
    startLoading(window.location.pathname, window.location.search),
    queryClient.prefetchQuery(systemsQuery),
    queryClient.prefetchQuery(shopperQuery),
  ]);
  await catalog;
  // One first render with the page's content, rather than placeholders re-rendered piece by piece as replies
  // arrive; as a transition, React renders it in slices that leave the main thread free for input.
  await Promise.race([page, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

if (root) start(root).catch(() => showStartFailure(root));
