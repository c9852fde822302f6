import type enUS from './en-US.ts';
import type { Translation } from '../index.ts';

export default {
  'goodsLanguages.title': '部分文字缺少某些語言',
  'goodsLanguages.hint':
    '仍可儲存。缺少的語言會顯示最接近語言的文字：先是另一種中文書寫，再是英文，再是任一已有語言。',
  'goodsLanguages.field': '{field}：缺少{languages}',
  'goodsLanguages.valueImage': '規格 {option} 第 {index} 個選項的圖片',
  'goodsLanguages.valueImageHint': '選填。顧客選擇此選項時在商品頁顯示，並顯示在購物車和訂單明細中。',
} satisfies Translation<typeof enUS>;
