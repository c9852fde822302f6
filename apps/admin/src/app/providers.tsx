import { ProConfigProvider, enUSIntl, ptBRIntl, zhCNIntl, zhTWIntl } from '@ant-design/pro-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '@shop/contract';
import { useLayoutSettings } from '../layout/layout-settings.ts';
import { cspNonce } from './csp-nonce.ts';
import { queryClient } from './query-client.ts';
import { usePrefersReducedMotion } from './reduced-motion.ts';
import { appTheme } from './theme.ts';
import { connectToasts } from './toast.ts';

const PRO_INTL = { 'en-US': enUSIntl, 'pt-BR': ptBRIntl, 'zh-CN': zhCNIntl, 'zh-TW': zhTWIntl };

/** Lets code outside React (the API client) show antd toasts in the app's theme and locale. */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    connectToasts(message);
    return () => connectToasts(null);
  }, [message]);
  return null;
}

interface AppProvidersProps {
  locale: Locale;
  messages: Record<string, string>;
  antdLocale: AntdLocale;
  children: ReactNode;
}

/** Data, texts and theme for the whole back office (login page and layout alike). */
export function AppProviders({ locale, messages, antdLocale, children }: AppProvidersProps) {
  const settings = useLayoutSettings();
  const nonce = useMemo(() => cspNonce(), []);
  const { themeColor } = settings;
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => appTheme({ themeColor }, { reducedMotion }), [themeColor, reducedMotion]);

  useEffect(() => {
    document.documentElement.classList.toggle('admin-colour-weak', settings.colorWeak);
  }, [settings.colorWeak]);

  return (
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="en-US">
        <ConfigProvider locale={antdLocale} {...(nonce && { csp: { nonce } })} theme={theme}>
          <ProConfigProvider intl={PRO_INTL[locale]}>
            <AntApp>
              <FeedbackBridge />
              {children}
            </AntApp>
          </ProConfigProvider>
        </ConfigProvider>
      </IntlProvider>
    </QueryClientProvider>
  );
}
