import { Spin } from 'antd';
import { useIntl } from 'react-intl';

/** What shows while a page's code or first data is on its way. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const intl = useIntl();
  return (
    <div
      className={fullscreen ? 'admin-loading admin-loading-fullscreen' : 'admin-loading'}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" />
      <span className="admin-visually-hidden">{intl.formatMessage({ id: 'app.loading' })}</span>
    </div>
  );
}
