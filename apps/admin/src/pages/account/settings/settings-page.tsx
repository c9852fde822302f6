import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Grid, Tabs } from 'antd';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { accountQuery } from '../../../features/account/queries.ts';
import { BasicTab } from './basic-tab.tsx';
import { BindingTab } from './binding-tab.tsx';
import { NotificationsTab } from './notifications-tab.tsx';
import { SecurityTab } from './security-tab.tsx';

const TABS = ['basic', 'security', 'binding', 'notification'] as const;
type TabKey = (typeof TABS)[number];

/**
 * Account settings of the logged-in member, the template's four tabs: basic, security (password, sessions),
 * binding and new-message notifications. The open tab is in the URL (`?tab=security`).
 */
export default function SettingsPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const account = useQuery(accountQuery);
  const requested = params.get('tab');
  const tab: TabKey = TABS.includes(requested as TabKey) ? (requested as TabKey) : 'basic';
  const t = (id: string) => intl.formatMessage({ id });
  // The menu stands beside the form where there is room, above it on a phone (as in Ant Design Pro).
  const wide = Grid.useBreakpoint().md ?? true;

  if (account.isPending) return <PageLoading />;
  if (account.isError) return <ExceptionPanel status="500" onRetry={() => void account.refetch()} />;

  return (
    <PageContainer title={t('menu.account.settings')}>
      <div className="admin-panel">
        <Tabs
          tabPosition={wide ? 'left' : 'top'}
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          items={[
            {
              key: 'basic',
              label: t('account.settings.basic'),
              children: <BasicTab account={account.data} />,
            },
            {
              key: 'security',
              label: t('account.settings.security'),
              children: <SecurityTab account={account.data} />,
            },
            { key: 'binding', label: t('account.settings.binding'), children: <BindingTab /> },
            {
              key: 'notification',
              label: t('account.settings.notification'),
              children: <NotificationsTab account={account.data} />,
            },
          ]}
        />
      </div>
    </PageContainer>
  );
}
