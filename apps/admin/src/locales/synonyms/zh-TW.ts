import type { Translation } from '../index.ts';
import type enUS from './en-US.ts';

export default {
  'synonyms.tab.shop': '商店',
  'synonyms.tab.search': '搜尋',
  'synonyms.title': '搜尋同義詞',
  'synonyms.description':
    '顧客會互換使用的詞，依語言分別設定：搜尋組內任何一個詞，也會找到名稱含有其他詞的商品（搜「球鞋」也能找到「運動鞋」）。儲存後立即生效。',
  'synonyms.languages': '語言',
  'synonyms.languageTab': '{language}（{count, number} 組）',
  'synonyms.group': '第 {index} 組',
  'synonyms.groupHint': '輸入一個詞後按 Enter、空白鍵或逗號；至少兩個詞。',
  'synonyms.removeGroup': '刪除第 {index} 組',
  'synonyms.addGroup': '新增一組',
  'synonyms.empty': '{language}尚未設定同義詞。',
  'synonyms.wordError': '「{word}」：{message}',
  'synonyms.updatedAt': '上次儲存於 {time}。',
  'synonyms.neverSaved': '尚未儲存過。',
  'synonyms.saved': '同義詞已儲存，搜尋即刻生效。',
  'synonyms.invalidTab': '以下語言中有需要修改的組：{languages}。',
} satisfies Translation<typeof enUS>;
