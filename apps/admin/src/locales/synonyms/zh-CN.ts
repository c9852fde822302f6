import type { Translation } from '../index.ts';
import type enUS from './en-US.ts';

export default {
  'synonyms.tab.shop': '店铺',
  'synonyms.tab.search': '搜索',
  'synonyms.title': '搜索同义词',
  'synonyms.description':
    '顾客会互换使用的词，按语言分别设置：搜索组内任何一个词，也会找到名称中含有其他词的商品（搜“球鞋”也能找到“运动鞋”）。保存后立即生效。',
  'synonyms.languages': '语言',
  'synonyms.languageTab': '{language}（{count, number}）',
  'synonyms.group': '第 {index} 组',
  'synonyms.groupHint': '输入一个词后按回车、空格或逗号；至少两个词。',
  'synonyms.removeGroup': '删除第 {index} 组',
  'synonyms.addGroup': '添加一组',
  'synonyms.empty': '{language}还没有同义词。',
  'synonyms.wordError': '“{word}”：{message}',
  'synonyms.updatedAt': '上次保存于 {time}。',
  'synonyms.neverSaved': '尚未保存过。',
  'synonyms.saved': '同义词已保存，搜索即刻生效。',
  'synonyms.invalidTab': '以下语言中有需要修改的组：{languages}。',
} satisfies Translation<typeof enUS>;
