import type enUS from './en-US.ts';
import type { Translation } from '../index.ts';

export default {
  'goodsLanguages.title': '部分文字缺少某些语言',
  'goodsLanguages.hint':
    '仍可保存。缺少的语言会显示最接近语言的文字：先是另一种中文书写，再是英文，再是任一已有语言。',
  'goodsLanguages.field': '{field}：缺少{languages}',
  'goodsLanguages.valueImage': '规格 {option} 第 {index} 个值的图片',
  'goodsLanguages.valueImageHint': '可选。顾客选择此值时在商品页显示，并显示在购物车和订单行中。',
} satisfies Translation<typeof enUS>;
