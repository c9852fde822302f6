import { ProLayout } from '@ant-design/pro-components';
import { ConfigProvider } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Outlet, useLocation } from 'react-router';
import { layoutTheme } from '../app/theme.ts';
import { PageBoundary } from '../components/page-boundary.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { useStaff } from '../features/session/staff-query.ts';
import { RequiredTwoStepSetup } from '../features/two-step/two-step-controls.tsx';
import { useBackOfficeTitle } from '../features/shop/use-back-office-title.ts';
import { adminRoutes } from '../routes.tsx';
import { AvatarMenu, LocaleSwitcher, SettingsButton } from './header-actions.tsx';
import { useLayoutSettings } from './layout-settings.ts';
import { menuFor } from './menu.tsx';
import { SettingsDrawer } from './settings-drawer.tsx';

/** Whether the page has been scrolled down (and not back up) past the header: "hide header on scroll". */
function useHiddenOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > 64 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled && hidden;
}

/** The frame of every page but the login page: ProLayout with the menu the member's role may see. */
export default function BasicLayout() {
  const intl = useIntl();
  const title = useBackOfficeTitle();
  const member = useStaff();
  const location = useLocation();
  const settings = useLayoutSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { navTheme, layout, themeColor } = settings;
  const theme = useMemo(() => layoutTheme({ navTheme, layout, themeColor }), [navTheme, layout, themeColor]);
  const headerHidden = useHiddenOnScroll(settings.fixedHeader && settings.autoHideHeader);
  const menu = useMemo(() => menuFor(adminRoutes, member.role, intl), [member.role, intl]);

  return (
    <>
      <ProLayout
        className={headerHidden ? 'admin-layout admin-header-hidden' : 'admin-layout'}
        title={title}
        logo={<img src="/favicon.svg" alt="" width={28} height={28} />}
        route={{ path: '/', children: menu }}
        location={{ pathname: location.pathname }}
        // ProLayout's own "side" mode has no header (so nowhere for the actions, the fixed header or hiding it
        // on scroll); its "mix" mode without split menus is the template's side menu under a header.
        layout={settings.layout === 'side' ? 'mix' : 'top'}
        splitMenus={false}
        contentWidth={settings.contentWidth}
        fixedHeader={settings.fixedHeader}
        fixSiderbar={settings.fixSiderbar}
        navTheme="light"
        token={theme.token}
        // The menus (side, or top in the header) get the antd Menu tokens ProLayout leaves at antd's defaults.
        menuRender={(_, menuDom) => <ConfigProvider theme={theme.menu}>{menuDom}</ConfigProvider>}
        headerContentRender={(_, menuDom) =>
          menuDom && <ConfigProvider theme={theme.menu}>{menuDom}</ConfigProvider>
        }
        siderMenuType="sub"
        menu={{ locale: false }}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        onMenuHeaderClick={() => undefined}
        // The brand is in the header in both navigation modes (the side menu of the mix mode does not repeat it).
        // No `menuHeaderRender`: the top navigation mode would draw the brand with it, `false` hiding it there.
        headerTitleRender={(logo, title) => (
          <Link to="/" className="admin-brand">
            {logo}
            {title}
          </Link>
        )}
        actionsRender={() => [
          <ConfigProvider key="locale" theme={theme.headerActions}>
            <LocaleSwitcher />
          </ConfigProvider>,
          <ConfigProvider key="settings" theme={theme.headerActions}>
            <SettingsButton onOpen={() => setDrawerOpen(true)} />
          </ConfigProvider>,
          <ConfigProvider key="avatar" theme={theme.headerActions}>
            <AvatarMenu member={member} />
          </ConfigProvider>,
        ]}
        footerRender={() => <footer className="admin-footer">{title}</footer>}
      >
        <PageBoundary key={location.pathname}>
          <Suspense fallback={<PageLoading />}>
            {member.otpSetupRequired ? <RequiredTwoStepSetup /> : <Outlet />}
          </Suspense>
        </PageBoundary>
      </ProLayout>
      <SettingsDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
