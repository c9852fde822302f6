import { GlobalOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { Locale, StaffMember } from '@shop/contract';
import { LOCALE_LABELS, setLocale, SUPPORTED_LOCALES } from '../app/locale.ts';

/** The language switcher of the header (and the login page): the four locales, each in its own language. */
export function LocaleSwitcher() {
  const intl = useIntl();
  const items: MenuProps['items'] = SUPPORTED_LOCALES.map((locale) => ({
    key: locale,
    label: <span lang={locale}>{LOCALE_LABELS[locale]}</span>,
  }));
  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [intl.locale],
        onClick: ({ key }) => {
          if (key !== intl.locale) setLocale(key);
        },
      }}
      trigger={['click']}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={`${intl.formatMessage({ id: 'layout.locale.label' })}: ${LOCALE_LABELS[intl.locale as Locale]}`}
        data-testid="locale-switcher"
      >
        <span className="admin-header-text">{LOCALE_LABELS[intl.locale as Locale]}</span>
      </Button>
    </Dropdown>
  );
}

/** Opens the layout settings drawer. */
export function SettingsButton({ onOpen }: { onOpen: () => void }) {
  const intl = useIntl();
  return (
    <Button
      type="text"
      icon={<SettingOutlined />}
      aria-label={intl.formatMessage({ id: 'layout.settings.open' })}
      onClick={onOpen}
      data-testid="layout-settings-open"
    />
  );
}

/** The member's avatar and name, with account center, account settings and logout. */
export function AvatarMenu({ member }: { member: StaffMember }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const name = member.nickname || member.email;
  const items: MenuProps['items'] = [
    {
      key: '/account/center',
      icon: <UserOutlined />,
      label: intl.formatMessage({ id: 'menu.account.center' }),
    },
    {
      key: '/account/settings',
      icon: <SettingOutlined />,
      label: intl.formatMessage({ id: 'menu.account.settings' }),
    },
    { type: 'divider' },
    {
      key: '/account/logout',
      icon: <LogoutOutlined />,
      label: intl.formatMessage({ id: 'menu.account.logout' }),
    },
  ];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => void navigate(key) }} trigger={['click']}>
      <Button
        type="text"
        className="admin-avatar-button"
        aria-label={intl.formatMessage({ id: 'layout.user.menu' }, { name })}
        data-testid="avatar-menu"
      >
        <Avatar size="small" src={member.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="admin-header-text">{name}</span>
      </Button>
    </Dropdown>
  );
}
