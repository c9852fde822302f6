import type { Locale } from './locale.ts';

/**
 * Texts the server sends to people (validation and refusal messages). The storefront reuses the validation
 * texts so a rule reads the same on both sides of the wire. Every locale must hold every key: the type says so
 * and a unit test checks the values are real translations, not copies.
 */
const enUS = {
  'validation.invalid': 'Invalid value.',
  'validation.required': 'This field is required.',
  'validation.unknownField': 'Unknown field.',
  'validation.tooLong': 'This value is too long.',
  'validation.integer': 'Please enter a whole number.',
  'validation.outOfRange': 'This value is out of range.',
  'validation.id': 'Invalid identifier.',
  'validation.email.required': 'Please enter your email!',
  'validation.email.invalid': 'The email address is in the wrong format!',
  'validation.password.required': 'Please enter your password!',
  'validation.password.tooShort':
    'Please enter at least 6 characters. Please do not use passwords that are easy to guess.',
  'validation.password.weak': 'This password is too easy to guess. Please choose another one.',
  'validation.confirm.required': 'Please confirm your password!',
  'validation.confirm.mismatch': 'The passwords entered twice do not match!',
  'validation.phone.required': 'Please enter your phone number!',
  'validation.phone.invalid': 'Malformed phone number!',
  'validation.code.required': 'Please enter the verification code!',
  'validation.body.malformed': 'The request body is not valid JSON.',
  'validation.body.tooLarge': 'The request is too large.',
  'validation.body.unsupported': 'The request body must be JSON.',
  'validation.query.tooComplex': 'The query string is too long or too deeply nested.',
  'password.strength.strong': 'Strength: strong',
  'password.strength.medium': 'Strength: medium',
  'password.strength.tooShort': 'Strength: too short',
  'error.route.notFound': 'There is no such page or API route.',
  'error.notFound': 'The requested item does not exist.',
  'error.goods.notFound': 'This item does not exist or is no longer on sale.',
  'error.unauthorized': 'Please log in first.',
  'error.forbidden': "Sorry, you don't have access to this page.",
  'error.tooManyRequests': 'Too many requests. Please try again later.',
  'error.internal': 'Something went wrong on our side. Please try again.',
  'error.login.invalid': 'Invalid username or password',
  'error.code.invalid': 'Invalid verification code',
} as const;

export type MessageKey = keyof typeof enUS;
type Catalog = Record<MessageKey, string>;

const ptBR: Catalog = {
  'validation.invalid': 'Valor inválido.',
  'validation.required': 'Este campo é obrigatório.',
  'validation.unknownField': 'Campo desconhecido.',
  'validation.tooLong': 'Este valor é longo demais.',
  'validation.integer': 'Informe um número inteiro.',
  'validation.outOfRange': 'Este valor está fora do intervalo permitido.',
  'validation.id': 'Identificador inválido.',
  'validation.email.required': 'Por favor insira seu email!',
  'validation.email.invalid': 'O endereço de email está em formato errado!',
  'validation.password.required': 'Por favor insira sua senha!',
  'validation.password.tooShort': 'Insira pelo menos 6 caracteres. Não use senhas fáceis de adivinhar.',
  'validation.password.weak': 'Esta senha é fácil demais de adivinhar. Escolha outra.',
  'validation.confirm.required': 'Por favor confirme sua senha!',
  'validation.confirm.mismatch': 'As senhas digitadas não coincidem!',
  'validation.phone.required': 'Por favor insira seu telefone!',
  'validation.phone.invalid': 'Número de telefone inválido!',
  'validation.code.required': 'Por favor insira o código de verificação!',
  'validation.body.malformed': 'O corpo da requisição não é um JSON válido.',
  'validation.body.tooLarge': 'A requisição é grande demais.',
  'validation.body.unsupported': 'O corpo da requisição deve ser JSON.',
  'validation.query.tooComplex': 'A consulta é longa ou aninhada demais.',
  'password.strength.strong': 'Força: forte',
  'password.strength.medium': 'Força: média',
  'password.strength.tooShort': 'Força: curta demais',
  'error.route.notFound': 'Esta página ou rota da API não existe.',
  'error.notFound': 'O item solicitado não existe.',
  'error.goods.notFound': 'Este produto não existe ou não está mais à venda.',
  'error.unauthorized': 'Faça login primeiro.',
  'error.forbidden': 'Desculpe, você não tem acesso a esta página.',
  'error.tooManyRequests': 'Muitas requisições. Tente novamente mais tarde.',
  'error.internal': 'Algo deu errado do nosso lado. Tente novamente.',
  'error.login.invalid': 'Usuário ou senha inválidos',
  'error.code.invalid': 'Código de verificação inválido',
};

const zhCN: Catalog = {
  'validation.invalid': '值无效。',
  'validation.required': '此项为必填项。',
  'validation.unknownField': '未知字段。',
  'validation.tooLong': '内容过长。',
  'validation.integer': '请输入整数。',
  'validation.outOfRange': '数值超出允许范围。',
  'validation.id': '标识符无效。',
  'validation.email.required': '请输入邮箱地址！',
  'validation.email.invalid': '邮箱地址格式错误！',
  'validation.password.required': '请输入密码！',
  'validation.password.tooShort': '请至少输入 6 个字符。请不要使用容易被猜到的密码。',
  'validation.password.weak': '该密码太容易被猜到，请换一个。',
  'validation.confirm.required': '请确认密码！',
  'validation.confirm.mismatch': '两次输入的密码不匹配！',
  'validation.phone.required': '请输入手机号！',
  'validation.phone.invalid': '手机号格式错误！',
  'validation.code.required': '请输入验证码！',
  'validation.body.malformed': '请求体不是有效的 JSON。',
  'validation.body.tooLarge': '请求过大。',
  'validation.body.unsupported': '请求体必须是 JSON。',
  'validation.query.tooComplex': '查询字符串过长或嵌套过深。',
  'password.strength.strong': '强度：强',
  'password.strength.medium': '强度：中',
  'password.strength.tooShort': '强度：太短',
  'error.route.notFound': '该页面或接口不存在。',
  'error.notFound': '请求的内容不存在。',
  'error.goods.notFound': '该商品不存在或已下架。',
  'error.unauthorized': '请先登录。',
  'error.forbidden': '抱歉，你无权访问该页面。',
  'error.tooManyRequests': '请求过于频繁，请稍后再试。',
  'error.internal': '服务器出了点问题，请稍后再试。',
  'error.login.invalid': '账户或密码错误',
  'error.code.invalid': '验证码错误',
};

const zhTW: Catalog = {
  'validation.invalid': '值無效。',
  'validation.required': '此項為必填項。',
  'validation.unknownField': '未知欄位。',
  'validation.tooLong': '內容過長。',
  'validation.integer': '請輸入整數。',
  'validation.outOfRange': '數值超出允許範圍。',
  'validation.id': '識別碼無效。',
  'validation.email.required': '請輸入郵箱地址！',
  'validation.email.invalid': '郵箱地址格式錯誤！',
  'validation.password.required': '請輸入密碼！',
  'validation.password.tooShort': '請至少輸入 6 個字元。請不要使用容易被猜到的密碼。',
  'validation.password.weak': '該密碼太容易被猜到，請換一個。',
  'validation.confirm.required': '請確認密碼！',
  'validation.confirm.mismatch': '兩次輸入的密碼不匹配！',
  'validation.phone.required': '請輸入手機號碼！',
  'validation.phone.invalid': '手機號碼格式錯誤！',
  'validation.code.required': '請輸入驗證碼！',
  'validation.body.malformed': '請求內容不是有效的 JSON。',
  'validation.body.tooLarge': '請求過大。',
  'validation.body.unsupported': '請求內容必須是 JSON。',
  'validation.query.tooComplex': '查詢字串過長或巢狀過深。',
  'password.strength.strong': '強度：強',
  'password.strength.medium': '強度：中',
  'password.strength.tooShort': '強度：太短',
  'error.route.notFound': '該頁面或介面不存在。',
  'error.notFound': '請求的內容不存在。',
  'error.goods.notFound': '該商品不存在或已下架。',
  'error.unauthorized': '請先登入。',
  'error.forbidden': '抱歉，你無權訪問該頁面。',
  'error.tooManyRequests': '請求過於頻繁，請稍後再試。',
  'error.internal': '伺服器出了點問題，請稍後再試。',
  'error.login.invalid': '帳戶或密碼錯誤',
  'error.code.invalid': '驗證碼錯誤',
};

export const serverMessages: Record<Locale, Catalog> = {
  'en-US': enUS,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

export function isMessageKey(key: string): key is MessageKey {
  return key in enUS;
}

/** Translates a message key; a text that is not a key (already human) is returned as it is. */
export function translate(locale: Locale, key: string): string {
  return isMessageKey(key) ? serverMessages[locale][key] : key;
}
