import type { BannerRecord, ShopSettingsRecord } from '../schema.ts';
import { bannerSvg, logoSvg, mediaUrl, svgMediaFile, type MediaFile, type ShapeName } from './images.ts';
import type { Translated } from './option-data.ts';

const BRAND_HUE = 168;

const LOGO = svgMediaFile(logoSvg(BRAND_HUE));

interface BannerDefinition {
  title: Translated;
  shape: ShapeName;
  hue: number;
}

/**
 * The home page's three banners, in order. Their titles promise what the demo data keeps: discounts of at most
 * 30 %, goods added every week and the free-shipping threshold below.
 */
const BANNERS = [
  {
    title: {
      'en-US': 'Weekly deals: up to 30% off',
      'pt-BR': 'Ofertas da semana: até 30% de desconto',
      'zh-CN': '每周特惠 低至七折',
      'zh-TW': '每週特賣 最低七折',
    },
    shape: 'gift',
    hue: 14,
  },
  {
    title: {
      'en-US': 'New arrivals every week',
      'pt-BR': 'Novidades toda semana',
      'zh-CN': '每周上新',
      'zh-TW': '每週新品上架',
    },
    shape: 'bag',
    hue: 205,
  },
  {
    title: {
      'en-US': 'Free shipping on orders over $99',
      'pt-BR': 'Frete grátis em compras acima de US$ 99',
      'zh-CN': '满 99 美元包邮',
      'zh-TW': '滿 99 美元免運費',
    },
    shape: 'truck',
    hue: 150,
  },
] as const satisfies readonly BannerDefinition[];

export const BANNER_COUNT = BANNERS.length;

const BANNER_IMAGES = BANNERS.map((banner) => ({
  title: banner.title,
  image: svgMediaFile(bannerSvg(banner.shape, banner.hue)),
}));

/** The pictures the settings point at; they must be stored with the settings. */
export const SETTINGS_MEDIA: readonly MediaFile[] = [LOGO, ...BANNER_IMAGES.map((banner) => banner.image)];

/** The banners with their links, one per banner in order; without links they lead to the home page. */
export function bannerRecords(links: readonly string[] = []): BannerRecord[] {
  return BANNER_IMAGES.map((banner, index) => ({
    image: mediaUrl(banner.image),
    title: banner.title,
    link: links[index] ?? '/',
  }));
}

export function defaultShopSettings(bannerLinks: readonly string[] = []): ShopSettingsRecord {
  return {
    shopName: { 'en-US': 'Lumen Market', 'pt-BR': 'Mercado Lumen', 'zh-CN': '流明良品', 'zh-TW': '流明良品' },
    logo: mediaUrl(LOGO),
    currency: 'USD',
    defaultLocale: 'en-US',
    banners: bannerRecords(bannerLinks),
    shippingFee: 800,
    freeShippingOver: 9900,
    paymentWindowMinutes: 30,
    contact: {
      email: 'support@lumen-market.example',
      phone: '+1 415-555-0132',
      address: {
        'en-US': '88 Harbor Street, Suite 400, San Francisco, CA 94105, United States',
        'pt-BR': '88 Harbor Street, Suite 400, São Francisco, CA 94105, Estados Unidos',
        'zh-CN': '美国加利福尼亚州旧金山市港湾街 88 号 400 室，邮编 94105',
        'zh-TW': '美國加州舊金山市港灣街 88 號 400 室，郵遞區號 94105',
      },
    },
  };
}
