import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '@shop/contract';

/** antd's texts, dayjs's month and day names, for one locale; loaded only when that locale is in use. */
export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  switch (locale) {
    case 'en-US':
      return (await import('antd/es/locale/en_US')).default;
    case 'pt-BR': {
      const [antd] = await Promise.all([import('antd/es/locale/pt_BR'), import('dayjs/locale/pt-br')]);
      return antd.default;
    }
    case 'zh-CN': {
      const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
      return antd.default;
    }
    case 'zh-TW': {
      const [antd] = await Promise.all([import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
      return antd.default;
    }
  }
}
