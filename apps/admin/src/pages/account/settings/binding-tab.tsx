import { AlipayOutlined, DingdingOutlined, TaobaoOutlined } from '@ant-design/icons';
import { Button, List, Typography } from 'antd';
import { useIntl } from 'react-intl';

const PROVIDERS = [
  { key: 'taobao', icon: <TaobaoOutlined aria-hidden className="admin-binding-icon" /> },
  { key: 'alipay', icon: <AlipayOutlined aria-hidden className="admin-binding-icon" /> },
  { key: 'dingding', icon: <DingdingOutlined aria-hidden className="admin-binding-icon" /> },
] as const;

/**
 * The template's three third-party account links. The shop signs staff in with its own accounts only, so each
 * is shown as not available rather than with a button that does nothing.
 */
export function BindingTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div>
      <Typography.Title level={2} className="admin-section-title">
        {t('account.settings.binding')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('account.binding.none')}</Typography.Paragraph>
      <List
        itemLayout="horizontal"
        dataSource={[...PROVIDERS]}
        renderItem={(provider) => (
          <List.Item
            actions={[
              <Button key="bind" disabled>
                {t('account.binding.bind')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={provider.icon}
              title={t(`account.binding.${provider.key}`)}
              description={t('account.binding.unavailable')}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
