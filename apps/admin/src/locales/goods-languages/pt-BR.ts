import type enUS from './en-US.ts';
import type { Translation } from '../index.ts';

export default {
  'goodsLanguages.title': 'Faltam textos em alguns idiomas',
  'goodsLanguages.hint':
    'Você pode salvar assim mesmo. Quem lê um idioma que falta vê o texto no idioma mais próximo: a outra escrita do chinês, depois o inglês, depois qualquer um.',
  'goodsLanguages.field': '{field}: falta em {languages}',
  'goodsLanguages.valueImage': 'Foto da opção {option}, valor {index}',
  'goodsLanguages.valueImageHint':
    'Opcional. Aparece na página do produto quando este valor é escolhido, e nas linhas do carrinho e do pedido.',
} satisfies Translation<typeof enUS>;
