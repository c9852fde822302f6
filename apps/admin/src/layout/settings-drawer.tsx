import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Divider, Drawer, Radio, Switch, Typography } from 'antd';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { THEME_COLORS, updateLayoutSettings, useLayoutSettings } from './layout-settings.ts';
import type { LayoutSettings } from './layout-settings.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-setting-section" aria-labelledby={id}>
      <Typography.Title level={2} id={id} className="admin-setting-title">
        <FormattedMessage id={title} />
      </Typography.Title>
      {children}
    </section>
  );
}

/** One switch row: its label names the switch, its hint says when it applies. */
function SwitchRow(props: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const intl = useIntl();
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="admin-setting-row">
      <div>
        <span id={labelId}>{intl.formatMessage({ id: props.label })}</span>
        {props.hint && props.disabled && (
          <div id={hintId} className="admin-setting-hint">
            {intl.formatMessage({ id: props.hint })}
          </div>
        )}
      </div>
      <Switch
        size="small"
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
        aria-labelledby={labelId}
        {...(props.hint && props.disabled ? { 'aria-describedby': hintId } : {})}
        data-testid={props.testId}
      />
    </div>
  );
}

/**
 * The template's settings drawer (spec "Template content"): menu style, content width, theme colour, navigation
 * mode, fixed header, fixed sidebar, hide header on scroll, colour-weak mode and copy settings. Every change
 * applies at once and is kept in this browser (layout-settings.ts).
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const { message } = App.useApp();
  const settings = useLayoutSettings();
  const t = (id: string) => intl.formatMessage({ id });
  const set = (change: Partial<LayoutSettings>) => updateLayoutSettings(change);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(settings, null, 2));
      void message.success(t('app.setting.copyinfo'));
    } catch {
      void message.error(t('app.setting.copyfailed'));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('app.setting.title')}
      width={320}
      closable={{ 'aria-label': t('app.setting.close') }}
      data-testid="layout-settings"
    >
      <Section title="app.setting.pagestyle">
        <Radio.Group
          optionType="button"
          value={settings.navTheme}
          onChange={(event) => set({ navTheme: event.target.value as LayoutSettings['navTheme'] })}
          options={[
            { value: 'dark', label: t('app.setting.pagestyle.dark') },
            { value: 'light', label: t('app.setting.pagestyle.light') },
          ]}
          aria-label={t('app.setting.pagestyle')}
        />
      </Section>

      <Section title="app.setting.themecolor">
        <fieldset className="admin-swatches">
          <legend className="admin-visually-hidden">{t('app.setting.themecolor')}</legend>
          {THEME_COLORS.map((theme) => {
            const label = t(`app.setting.themecolor.${theme.key}`);
            const checked = settings.themeColor === theme.key;
            return (
              <label key={theme.key} className="admin-swatch" title={label} data-color={theme.color}>
                <input
                  type="radio"
                  name="theme-color"
                  value={theme.key}
                  checked={checked}
                  onChange={() => set({ themeColor: theme.key })}
                  className="admin-swatch-input"
                />
                <span className="admin-swatch-colour" style={{ backgroundColor: theme.color }} aria-hidden>
                  {checked && <CheckOutlined />}
                </span>
                <span className="admin-visually-hidden">{label}</span>
              </label>
            );
          })}
        </fieldset>
      </Section>

      <Divider />

      <Section title="app.setting.navigationmode">
        <Radio.Group
          optionType="button"
          value={settings.layout}
          onChange={(event) => set({ layout: event.target.value as LayoutSettings['layout'] })}
          options={[
            { value: 'side', label: t('app.setting.sidemenu') },
            { value: 'top', label: t('app.setting.topmenu') },
          ]}
          aria-label={t('app.setting.navigationmode')}
        />
        <div>
          <div className="admin-setting-row">
            <span>{t('app.setting.content-width')}</span>
            <Radio.Group
              size="small"
              optionType="button"
              value={settings.contentWidth}
              onChange={(event) =>
                set({ contentWidth: event.target.value as LayoutSettings['contentWidth'] })
              }
              options={[
                { value: 'Fixed', label: t('app.setting.content-width.fixed') },
                { value: 'Fluid', label: t('app.setting.content-width.fluid') },
              ]}
              aria-label={t('app.setting.content-width')}
            />
          </div>
          <SwitchRow
            label="app.setting.fixedheader"
            checked={settings.fixedHeader}
            onChange={(fixedHeader) => set({ fixedHeader })}
            testId="setting-fixed-header"
          />
          <SwitchRow
            label="app.setting.fixedsidebar"
            hint="app.setting.fixedsidebar.hint"
            checked={settings.fixSiderbar}
            disabled={settings.layout !== 'side'}
            onChange={(fixSiderbar) => set({ fixSiderbar })}
            testId="setting-fixed-sidebar"
          />
          <SwitchRow
            label="app.setting.hideheader"
            hint="app.setting.hideheader.hint"
            checked={settings.autoHideHeader}
            disabled={!settings.fixedHeader}
            onChange={(autoHideHeader) => set({ autoHideHeader })}
            testId="setting-hide-header"
          />
        </div>
      </Section>

      <Divider />

      <Section title="app.setting.othersettings">
        <div>
          <SwitchRow
            label="app.setting.weakmode"
            checked={settings.colorWeak}
            onChange={(colorWeak) => set({ colorWeak })}
            testId="setting-colour-weak"
          />
        </div>
      </Section>

      <Divider />
      <Button block icon={<CopyOutlined />} onClick={() => void copy()}>
        {t('app.setting.copy')}
      </Button>
    </Drawer>
  );
}
