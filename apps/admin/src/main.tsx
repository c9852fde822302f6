// antd 5 measures and renders through APIs React 19 changed; the patch must load before antd itself.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { adminApi } from './api.ts';
import { loadAntdLocale } from './app/antd-locale.ts';
import { setActiveMessages } from './app/intl.ts';
import { resolveStartupLocale, setCurrentLocale, startFailureTextHere } from './app/locale.ts';
import { cspNonce, nonceScriptStyles } from './app/csp-nonce.ts';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { mayBeSignedIn } from './features/session/signed-in-hint.ts';
import { staffQuery } from './features/session/staff-query.ts';
import { loadMessages } from './locales/index.ts';
import { router } from './router.tsx';
import './styles.css';

/** The shop's default locale, asked only when neither a saved choice nor the browser names a supported one. */
async function shopDefaultLocale(): Promise<string> {
  const systems = await adminApi.http.get<{ defaultLocale: string }>('/home/systems');
  return systems.defaultLocale;
}

/** Without its texts the app can still say, in the reader's language, that it failed (spec: "Loading chunk failed"). */
function showStartFailure(container: HTMLElement): void {
  const box = document.createElement('div');
  box.className = 'admin-start-failure';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  const text = startFailureTextHere();
  title.textContent = text.title;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = text.retry;
  retry.addEventListener('click', () => window.location.reload());
  box.append(title, retry);
  container.replaceChildren(box);
}

async function start(container: HTMLElement): Promise<void> {
  nonceScriptStyles(cspNonce());
  // Who is logged in is asked beside the texts, not after them (and only where someone may be: a guest's
  // visit asks nothing the server must refuse).
  if (mayBeSignedIn()) void queryClient.prefetchQuery(staffQuery);
  const locale = await resolveStartupLocale(shopDefaultLocale);
  setCurrentLocale(locale);
  const [messages, antdLocale] = await Promise.all([loadMessages(locale), loadAntdLocale(locale)]);
  setActiveMessages(messages);
  createRoot(container).render(
    <StrictMode>
      <AppProviders locale={locale} messages={messages} antdLocale={antdLocale}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (root) start(root).catch(() => showStartFailure(root));
