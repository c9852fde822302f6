import { useQueryClient } from '@tanstack/react-query';
import { App, List, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StaffAccount, StaffNotifications } from '@shop/contract';
import { adminApi } from '../../../api.ts';
import { accountQuery } from '../../../features/account/queries.ts';

const ITEMS: (keyof StaffNotifications)[] = ['messages', 'system', 'todos'];

function NotificationRow(props: {
  item: keyof StaffNotifications;
  checked: boolean;
  saving: boolean;
  onChange: (checked: boolean) => void;
}) {
  const intl = useIntl();
  const labelId = useId();
  const descriptionId = useId();
  return (
    <List.Item
      actions={[
        <Switch
          key="switch"
          checked={props.checked}
          loading={props.saving}
          onChange={props.onChange}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
          data-testid={`notify-${props.item}`}
        />,
      ]}
    >
      <List.Item.Meta
        title={<span id={labelId}>{intl.formatMessage({ id: `account.notification.${props.item}` })}</span>}
        description={
          <span id={descriptionId}>
            {intl.formatMessage({ id: `account.notification.${props.item}-description` })}
          </span>
        }
      />
    </List.Item>
  );
}

/** The new-message notification tab: three switches, each saved as soon as it is flipped. */
export function NotificationsTab({ account }: { account: StaffAccount }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<keyof StaffNotifications | null>(null);

  const change = async (item: keyof StaffNotifications, checked: boolean) => {
    setSaving(item);
    try {
      const updated = await adminApi.account.update({
        notifications: { ...account.notifications, [item]: checked },
      });
      queryClient.setQueryData(accountQuery.queryKey, updated);
      void message.success(intl.formatMessage({ id: 'common.saved' }));
    } catch {
      // The client has shown the server's message; the switch stays as it was.
    } finally {
      setSaving(null);
    }
  };

  return (
    <div>
      <Typography.Title level={2} className="admin-section-title">
        {intl.formatMessage({ id: 'account.settings.notification' })}
      </Typography.Title>
      <List
        itemLayout="horizontal"
        dataSource={ITEMS}
        renderItem={(item) => (
          <NotificationRow
            item={item}
            checked={account.notifications[item]}
            saving={saving === item}
            onChange={(checked) => void change(item, checked)}
          />
        )}
      />
    </div>
  );
}
