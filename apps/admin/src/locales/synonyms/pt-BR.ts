import type { Translation } from '../index.ts';
import type enUS from './en-US.ts';

export default {
  'synonyms.tab.shop': 'Loja',
  'synonyms.tab.search': 'Busca',
  'synonyms.title': 'Sinônimos da busca',
  'synonyms.description':
    'Palavras que os clientes usam umas pelas outras, por idioma: buscar qualquer palavra de um grupo também encontra produtos com as outras no nome ("tênis" encontra "sapatilha"). As mudanças valem na hora.',
  'synonyms.languages': 'Idiomas',
  'synonyms.languageTab': '{language} ({count, number} grupos)',
  'synonyms.group': 'Grupo {index}',
  'synonyms.groupHint': 'Digite uma palavra e tecle Enter, espaço ou vírgula; pelo menos duas palavras.',
  'synonyms.removeGroup': 'Remover o grupo {index}',
  'synonyms.addGroup': 'Adicionar um grupo',
  'synonyms.empty': 'Ainda não há sinônimos em {language}.',
  'synonyms.wordError': '“{word}”: {message}',
  'synonyms.updatedAt': 'Salvo pela última vez em {time}.',
  'synonyms.neverSaved': 'Ainda não foi salvo.',
  'synonyms.saved': 'Os sinônimos foram salvos; as buscas já os usam.',
  'synonyms.invalidTab': 'Alguns grupos precisam de correção em: {languages}.',
} satisfies Translation<typeof enUS>;
