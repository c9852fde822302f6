import { Empty, Typography } from 'antd';
import { useIntl } from 'react-intl';

/**
 * The sign-ins linked to the member's account. Staff sign in with their shop account only (email or phone and
 * password, with the second step if on): the shop offers no other sign-in, so there is never one to list, and
 * the tab says so rather than offering links that do not exist.
 */
export function BindingTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <div>
      <Typography.Title level={2} className="admin-section-title">
        {t('account.settings.binding')}
      </Typography.Title>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('account.binding.none')} />
    </div>
  );
}
