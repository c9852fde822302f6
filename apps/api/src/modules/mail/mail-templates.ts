import type { Locale } from '@shop/contract';
import type { OutgoingMessage } from './mailer.ts';
import { orderSummaryHtml, orderSummaryText, type OrderSummary } from './order-summary.ts';

interface Template {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  footer: string;
}

type TemplateName = 'activation' | 'passwordReset' | 'registrationAttempt';

/** Every mail in the shopper's locale. `{shop}` is the shop's name, `{hours}` the link's lifetime. */
const templates: Record<TemplateName, Record<Locale, Template>> = {
  activation: {
    'en-US': {
      subject: 'Activate your {shop} account',
      greeting: 'Welcome to {shop}!',
      body: 'Please confirm your email address to activate your account. The link is valid for {hours} hours.',
      action: 'Activate my account',
      footer: 'If you did not create an account, you can ignore this mail.',
    },
    'pt-BR': {
      subject: 'Ative sua conta na {shop}',
      greeting: 'Boas-vindas à {shop}!',
      body: 'Confirme seu endereço de email para ativar sua conta. O link vale por {hours} horas.',
      action: 'Ativar minha conta',
      footer: 'Se você não criou uma conta, ignore este email.',
    },
    'zh-CN': {
      subject: '激活你的{shop}账户',
      greeting: '欢迎来到{shop}！',
      body: '请确认你的邮箱地址以激活账户。该链接 {hours} 小时内有效。',
      action: '激活我的账户',
      footer: '如果你没有注册账户，请忽略此邮件。',
    },
    'zh-TW': {
      subject: '啟用你的{shop}帳戶',
      greeting: '歡迎來到{shop}！',
      body: '請確認你的電子郵件地址以啟用帳戶。該連結 {hours} 小時內有效。',
      action: '啟用我的帳戶',
      footer: '如果你沒有註冊帳戶，請忽略此郵件。',
    },
  },
  passwordReset: {
    'en-US': {
      subject: 'Reset your {shop} password',
      greeting: 'Hello,',
      body: 'Someone asked to reset the password of your account. The link is valid for {hours} hour and works once.',
      action: 'Choose a new password',
      footer: 'If it was not you, ignore this mail: your password stays as it is.',
    },
    'pt-BR': {
      subject: 'Redefina sua senha na {shop}',
      greeting: 'Olá,',
      body: 'Alguém pediu para redefinir a senha da sua conta. O link vale por {hours} hora e funciona uma vez.',
      action: 'Escolher uma nova senha',
      footer: 'Se não foi você, ignore este email: sua senha continua a mesma.',
    },
    'zh-CN': {
      subject: '重置你的{shop}密码',
      greeting: '你好，',
      body: '有人请求重置你账户的密码。该链接 {hours} 小时内有效，且只能使用一次。',
      action: '设置新密码',
      footer: '如果不是你本人操作，请忽略此邮件，你的密码不会改变。',
    },
    'zh-TW': {
      subject: '重設你的{shop}密碼',
      greeting: '你好，',
      body: '有人請求重設你帳戶的密碼。該連結 {hours} 小時內有效，且只能使用一次。',
      action: '設定新密碼',
      footer: '如果不是你本人操作，請忽略此郵件，你的密碼不會改變。',
    },
  },
  // To the owner of an address someone tried to register with (the registration itself says nothing).
  registrationAttempt: {
    'en-US': {
      subject: 'Someone tried to register at {shop} with your address',
      greeting: 'Hello,',
      body: 'Someone just tried to create a {shop} account with this email address, which already has one. No new account was made.',
      action: 'If it was you and you forgot your password, choose a new one',
      footer: 'If it was not you, ignore this mail: your account stays as it is.',
    },
    'pt-BR': {
      subject: 'Alguém tentou se cadastrar na {shop} com seu endereço',
      greeting: 'Olá,',
      body: 'Alguém acabou de tentar criar uma conta na {shop} com este endereço de email, que já tem uma. Nenhuma conta nova foi criada.',
      action: 'Se foi você e esqueceu a senha, escolha uma nova',
      footer: 'Se não foi você, ignore este email: sua conta continua como está.',
    },
    'zh-CN': {
      subject: '有人尝试用你的邮箱注册{shop}',
      greeting: '你好，',
      body: '刚才有人尝试用这个邮箱地址注册{shop}账户，但该地址已有账户，因此没有创建新账户。',
      action: '如果是你本人且忘记了密码，请设置新密码',
      footer: '如果不是你本人操作，请忽略此邮件，你的账户不会改变。',
    },
    'zh-TW': {
      subject: '有人嘗試用你的電子郵件註冊{shop}',
      greeting: '你好，',
      body: '剛才有人嘗試用這個電子郵件地址註冊{shop}帳戶，但該地址已有帳戶，因此沒有建立新帳戶。',
      action: '如果是你本人且忘記了密碼，請設定新密碼',
      footer: '如果不是你本人操作，請忽略此郵件，你的帳戶不會改變。',
    },
  },
};

const verificationTexts: Record<Locale, { subject: string; text: string }> = {
  'en-US': {
    subject: '{shop} verification code',
    text: 'Your {shop} verification code is {code}. It expires in 10 minutes.',
  },
  'pt-BR': {
    subject: 'Código de verificação da {shop}',
    text: 'Seu código de verificação da {shop} é {code}. Ele expira em 10 minutos.',
  },
  'zh-CN': { subject: '{shop}验证码', text: '你的{shop}验证码是 {code}，10 分钟内有效。' },
  'zh-TW': { subject: '{shop}驗證碼', text: '你的{shop}驗證碼是 {code}，10 分鐘內有效。' },
};

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A mail with a single call to action, as plain text and as HTML (every value escaped). */
export function linkMail(
  name: TemplateName,
  locale: Locale,
  values: { to: string; shop: string; link: string; hours: number },
): OutgoingMessage {
  const t = templates[name][locale];
  const vars = { shop: values.shop, hours: String(values.hours) };
  const [subject, greeting, body, action, footer] = [t.subject, t.greeting, t.body, t.action, t.footer].map(
    (text) => fill(text, vars),
  ) as [string, string, string, string, string];
  const text = `${greeting}\n\n${body}\n\n${action}: ${values.link}\n\n${footer}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(values.link)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p></body></html>`;
  return { to: values.to, subject, text, html };
}

export function verificationCodeText(locale: Locale, values: { to: string; shop: string; code: string }) {
  const t = verificationTexts[locale];
  return { to: values.to, subject: fill(t.subject, values), text: fill(t.text, values), html: '' };
}

export type OrderNotice =
  | 'placed'
  | 'paid'
  | 'shipped'
  | 'cancelled'
  | 'refunded'
  | 'partiallyRefunded'
  | 'paymentReturned'
  | 'returnRequested'
  | 'returnApproved'
  | 'returnRejected'
  | 'returnReceived';

const orderNotices: Record<OrderNotice, Record<Locale, { subject: string; body: string }>> = {
  placed: {
    'en-US': {
      subject: '{shop}: order {order} received',
      body: 'Thank you! We received your order {order} ({total}). Please pay within {minutes} minutes; after that it is cancelled.',
    },
    'pt-BR': {
      subject: '{shop}: pedido {order} recebido',
      body: 'Obrigado! Recebemos seu pedido {order} ({total}). Pague em até {minutes} minutos; depois disso ele é cancelado.',
    },
    'zh-CN': {
      subject: '{shop}：已收到订单 {order}',
      body: '谢谢！我们已收到你的订单 {order}（{total}）。请在 {minutes} 分钟内付款，逾期订单将被取消。',
    },
    'zh-TW': {
      subject: '{shop}：已收到訂單 {order}',
      body: '謝謝！我們已收到你的訂單 {order}（{total}）。請在 {minutes} 分鐘內付款，逾期訂單將被取消。',
    },
  },
  paid: {
    'en-US': {
      subject: '{shop}: order {order} paid',
      body: 'We received your payment of {total} for order {order}. We will let you know when it ships.',
    },
    'pt-BR': {
      subject: '{shop}: pedido {order} pago',
      body: 'Recebemos seu pagamento de {total} do pedido {order}. Avisaremos quando for enviado.',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 已付款',
      body: '我们已收到订单 {order} 的付款 {total}，发货时会通知你。',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 已付款',
      body: '我們已收到訂單 {order} 的付款 {total}，出貨時會通知你。',
    },
  },
  shipped: {
    'en-US': {
      subject: '{shop}: order {order} shipped',
      body: 'Your order {order} is on its way with {carrier}, tracking number {tracking}.',
    },
    'pt-BR': {
      subject: '{shop}: pedido {order} enviado',
      body: 'Seu pedido {order} está a caminho pela {carrier}, código de rastreio {tracking}.',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 已发货',
      body: '你的订单 {order} 已由{carrier}发出，运单号 {tracking}。',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 已出貨',
      body: '你的訂單 {order} 已由{carrier}寄出，貨運單號 {tracking}。',
    },
  },
  cancelled: {
    'en-US': {
      subject: '{shop}: order {order} cancelled',
      body: 'Your order {order} was cancelled. Nothing was charged for it.',
    },
    'pt-BR': {
      subject: '{shop}: pedido {order} cancelado',
      body: 'Seu pedido {order} foi cancelado. Nada foi cobrado por ele.',
    },
    'zh-CN': { subject: '{shop}：订单 {order} 已取消', body: '你的订单 {order} 已取消，未产生任何扣款。' },
    'zh-TW': { subject: '{shop}：訂單 {order} 已取消', body: '你的訂單 {order} 已取消，未產生任何扣款。' },
  },
  refunded: {
    'en-US': {
      subject: '{shop}: order {order} refunded',
      body: 'We refunded {amount} for your order {order}; nothing is left to pay back. Depending on your bank it can take a few days to show.',
    },
    'pt-BR': {
      subject: '{shop}: pedido {order} reembolsado',
      body: 'Reembolsamos {amount} do seu pedido {order}; não há mais nada a devolver. Dependendo do seu banco, pode levar alguns dias para aparecer.',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 已退款',
      body: '我们已为你的订单 {order} 退款 {amount}，该订单已全部退款。视银行而定，款项可能需要几天才能到账。',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 已退款',
      body: '我們已為你的訂單 {order} 退款 {amount}，該訂單已全部退款。視銀行而定，款項可能需要幾天才會入帳。',
    },
  },
  partiallyRefunded: {
    'en-US': {
      subject: '{shop}: part of order {order} refunded',
      body: 'We refunded {amount} of your order {order}. Depending on your bank it can take a few days to show.',
    },
    'pt-BR': {
      subject: '{shop}: parte do pedido {order} reembolsada',
      body: 'Reembolsamos {amount} do seu pedido {order}. Dependendo do seu banco, pode levar alguns dias para aparecer.',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 部分退款',
      body: '我们已为你的订单 {order} 退款 {amount}。视银行而定，款项可能需要几天才能到账。',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 部分退款',
      body: '我們已為你的訂單 {order} 退款 {amount}。視銀行而定，款項可能需要幾天才會入帳。',
    },
  },
  paymentReturned: {
    'en-US': {
      subject: '{shop}: we are giving back a payment for order {order}',
      body: 'We received a payment of {amount} for order {order}, which was already paid or no longer open. We are refunding it in full; you do not need to do anything.',
    },
    'pt-BR': {
      subject: '{shop}: estamos devolvendo um pagamento do pedido {order}',
      body: 'Recebemos um pagamento de {amount} do pedido {order}, que já estava pago ou não estava mais em aberto. Estamos reembolsando o valor integral; você não precisa fazer nada.',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 的一笔付款将退还给你',
      body: '我们收到了订单 {order} 的一笔 {amount} 付款，但该订单已付款或已关闭。我们正在全额退还这笔款项，你无需进行任何操作。',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 的一筆付款將退還給你',
      body: '我們收到了訂單 {order} 的一筆 {amount} 付款，但該訂單已付款或已關閉。我們正在全額退還這筆款項，你無需進行任何操作。',
    },
  },
  returnRequested: {
    'en-US': {
      subject: '{shop}: return request for order {order} received',
      body: 'We received your request to return products of order {order}. We will tell you when we have reviewed it.',
    },
    'pt-BR': {
      subject: '{shop}: pedido de devolução do pedido {order} recebido',
      body: 'Recebemos sua solicitação de devolução de itens do pedido {order}. Avisaremos quando a tivermos analisado.',
    },
    'zh-CN': {
      subject: '{shop}：已收到订单 {order} 的退货申请',
      body: '我们已收到你对订单 {order} 的退货申请，审核后会通知你。',
    },
    'zh-TW': {
      subject: '{shop}：已收到訂單 {order} 的退貨申請',
      body: '我們已收到你對訂單 {order} 的退貨申請，審核後會通知你。',
    },
  },
  returnApproved: {
    'en-US': {
      subject: '{shop}: your return for order {order} is approved',
      body: 'Your return for order {order} is approved. Please send the products back to us. {message}',
    },
    'pt-BR': {
      subject: '{shop}: sua devolução do pedido {order} foi aprovada',
      body: 'Sua devolução do pedido {order} foi aprovada. Envie os itens de volta para nós. {message}',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 的退货申请已通过',
      body: '你对订单 {order} 的退货申请已通过，请将商品寄回给我们。{message}',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 的退貨申請已核准',
      body: '你對訂單 {order} 的退貨申請已核准，請將商品寄回給我們。{message}',
    },
  },
  returnRejected: {
    'en-US': {
      subject: '{shop}: your return for order {order} was not accepted',
      body: 'We could not accept your return for order {order}. {message}',
    },
    'pt-BR': {
      subject: '{shop}: sua devolução do pedido {order} não foi aceita',
      body: 'Não pudemos aceitar sua devolução do pedido {order}. {message}',
    },
    'zh-CN': {
      subject: '{shop}：订单 {order} 的退货申请未通过',
      body: '很抱歉，你对订单 {order} 的退货申请未通过。{message}',
    },
    'zh-TW': {
      subject: '{shop}：訂單 {order} 的退貨申請未核准',
      body: '很抱歉，你對訂單 {order} 的退貨申請未核准。{message}',
    },
  },
  returnReceived: {
    'en-US': {
      subject: '{shop}: we received your return for order {order}',
      body: 'The products you returned from order {order} arrived. We will refund them shortly.',
    },
    'pt-BR': {
      subject: '{shop}: recebemos sua devolução do pedido {order}',
      body: 'Os itens que você devolveu do pedido {order} chegaram. Faremos o reembolso em breve.',
    },
    'zh-CN': {
      subject: '{shop}：我们已收到订单 {order} 的退货',
      body: '你从订单 {order} 退回的商品已到达，我们会尽快为你退款。',
    },
    'zh-TW': {
      subject: '{shop}：我們已收到訂單 {order} 的退貨',
      body: '你從訂單 {order} 退回的商品已送達，我們會盡快為你退款。',
    },
  },
};

const orderLinkLabel: Record<Locale, string> = {
  'en-US': 'See your order',
  'pt-BR': 'Ver seu pedido',
  'zh-CN': '查看订单',
  'zh-TW': '查看訂單',
};

/** To a guest (an address that is no account yet): the invitation beneath each order mail. */
const guestInvitations: Record<Locale, { text: string; action: string }> = {
  'en-US': {
    text: 'You bought as a guest. Create an account with {email} to keep your orders together: the orders placed with this address will be in it.',
    action: 'Create an account',
  },
  'pt-BR': {
    text: 'Você comprou como visitante. Crie uma conta com {email} para manter seus pedidos juntos: os pedidos feitos com este endereço estarão nela.',
    action: 'Criar uma conta',
  },
  'zh-CN': {
    text: '你以游客身份购买。用 {email} 注册账户，即可集中管理订单：用此邮箱下的订单都会在账户中。',
    action: '注册账户',
  },
  'zh-TW': {
    text: '你以訪客身分購買。用 {email} 註冊帳戶，即可集中管理訂單：用此電子郵件下的訂單都會在帳戶中。',
    action: '註冊帳戶',
  },
};

export function orderNoticeMail(
  notice: OrderNotice,
  locale: Locale,
  values: {
    to: string;
    shop: string;
    order: string;
    total: string;
    minutes: number;
    link: string;
    /** The shipment, for the `shipped` notice. */
    carrier?: string;
    tracking?: string;
    /** The money of a refund, formatted. */
    amount?: string;
    /** Staff's message about a return. */
    message?: string;
    /** The order's lines, delivery address and totals, listed beneath the message. */
    summary?: OrderSummary;
    /** For a guest: the registration page for their address, to keep their orders in an account. */
    invitation?: { email: string; link: string };
  },
): OutgoingMessage {
  const t = orderNotices[notice][locale];
  const { summary, invitation, ...texts } = values;
  const vars = {
    ...texts,
    minutes: String(values.minutes),
    carrier: values.carrier ?? '',
    tracking: values.tracking ?? '',
    amount: values.amount ?? values.total,
    message: values.message ?? '',
  };
  const subject = fill(t.subject, vars);
  const body = fill(t.body, vars).trim();
  const label = orderLinkLabel[locale];
  const invite = invitation && {
    text: fill(guestInvitations[locale].text, { email: invitation.email }),
    action: guestInvitations[locale].action,
    link: invitation.link,
  };
  return {
    to: values.to,
    subject,
    text: `${body}\n\n${label}: ${values.link}\n${invite ? `\n${invite.text}\n${invite.action}: ${invite.link}\n` : ''}${summary ? `\n${orderSummaryText(summary, locale)}\n` : ''}`,
    html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5"><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(values.link)}">${escapeHtml(label)}</a></p>${invite ? `<p>${escapeHtml(invite.text)} <a href="${escapeHtml(invite.link)}">${escapeHtml(invite.action)}</a></p>` : ''}${summary ? orderSummaryHtml(summary, locale) : ''}</body></html>`,
  };
}

const stockAlertTexts: Record<
  Locale,
  { subject: string; body: string; action: string; unsubscribe: string; footer: string }
> = {
  'en-US': {
    subject: '{goods} is back in stock at {shop}',
    body: 'Good news: {goods} is back in stock at {shop}. Stock may not last long.',
    action: 'See it in the shop',
    unsubscribe: 'Stop these alerts',
    footer: 'You asked {shop} to tell you when it was back. This is the only mail about it.',
  },
  'pt-BR': {
    subject: '{goods} voltou ao estoque na {shop}',
    body: 'Boa notícia: {goods} voltou ao estoque na {shop}. O estoque pode acabar logo.',
    action: 'Ver na loja',
    unsubscribe: 'Parar estes avisos',
    footer: 'Você pediu à {shop} para avisar quando voltasse. Este é o único email sobre isso.',
  },
  'zh-CN': {
    subject: '{goods} 已在{shop}到货',
    body: '好消息：{goods} 已在{shop}重新到货，库存有限，欲购从速。',
    action: '去店里看看',
    unsubscribe: '不再接收到货提醒',
    footer: '你曾请{shop}在该商品到货时通知你。关于此商品只会发送这一封邮件。',
  },
  'zh-TW': {
    subject: '{goods} 已在{shop}到貨',
    body: '好消息：{goods} 已在{shop}重新到貨，庫存有限，欲購從速。',
    action: '去店裡看看',
    unsubscribe: '不再接收到貨提醒',
    footer: '你曾請{shop}在該商品到貨時通知你。關於此商品只會寄送這一封郵件。',
  },
};

/** "Back in stock": a link to the goods and a link that stops the address's other waiting alerts. */
export function stockAlertMail(
  locale: Locale,
  values: { to: string; shop: string; goods: string; link: string; unsubscribe: string },
): OutgoingMessage {
  const t = stockAlertTexts[locale];
  const vars = { shop: values.shop, goods: values.goods };
  const [subject, body, action, unsubscribe, footer] = [
    t.subject,
    t.body,
    t.action,
    t.unsubscribe,
    t.footer,
  ].map((text) => fill(text, vars)) as [string, string, string, string, string];
  const text = `${body}\n\n${action}: ${values.link}\n\n${footer}\n${unsubscribe}: ${values.unsubscribe}\n`;
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(footer)} <a href="${escapeHtml(values.unsubscribe)}">${escapeHtml(unsubscribe)}</a></p></body></html>`;
  return { to: values.to, subject, text, html };
}
