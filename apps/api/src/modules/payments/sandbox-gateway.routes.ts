import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, isLocale, type Locale } from '@shop/contract';
import type { PaymentsService } from './payments.service.ts';
import type { WebhookOutbox } from './sandbox-gateway.ts';

/** Card processors' test numbers: one always succeeds, one is always declined, anything else is invalid. */
export const SANDBOX_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;

const texts: Record<
  Locale,
  Record<'title' | 'amount' | 'card' | 'pay' | 'invalid' | 'done' | 'hint' | 'back' | 'cancel', string>
> = {
  'en-US': {
    title: 'Sandbox payment',
    amount: 'Amount to pay',
    card: 'Card number',
    pay: 'Pay',
    invalid: 'This card number is not valid.',
    done: 'This payment was already processed.',
    hint: 'Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
    back: 'Back to your order',
    cancel: 'Cancel and go back (the order stays unpaid; you can pay later)',
  },
  'pt-BR': {
    title: 'Pagamento de teste',
    amount: 'Valor a pagar',
    card: 'Número do cartão',
    pay: 'Pagar',
    invalid: 'Este número de cartão não é válido.',
    done: 'Este pagamento já foi processado.',
    hint: 'Modo de teste: 4242 4242 4242 4242 é aprovado, 4000 0000 0000 0002 é recusado.',
    back: 'Voltar ao seu pedido',
    cancel: 'Cancelar e voltar (o pedido continua em aberto; você pode pagar depois)',
  },
  'zh-CN': {
    title: '沙盒支付',
    amount: '应付金额',
    card: '卡号',
    pay: '支付',
    invalid: '该卡号无效。',
    done: '该笔支付已处理。',
    hint: '测试模式：4242 4242 4242 4242 支付成功，4000 0000 0000 0002 被拒绝。',
    back: '返回您的订单',
    cancel: '取消并返回（订单保持未支付，可稍后再付）',
  },
  'zh-TW': {
    title: '沙盒付款',
    amount: '應付金額',
    card: '卡號',
    pay: '付款',
    invalid: '該卡號無效。',
    done: '該筆付款已處理。',
    hint: '測試模式：4242 4242 4242 4242 付款成功，4000 0000 0000 0002 被拒絕。',
    back: '返回您的訂單',
    cancel: '取消並返回（訂單維持未付款，可稍後再付）',
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1f1f1f}
label{display:block;margin:1rem 0 .25rem;font-weight:600}input{font-size:1.1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font-size:1.1rem;padding:.6rem 1.4rem;background:#0958d9;color:#fff;border:0;border-radius:6px}
:focus-visible{outline:3px solid #003eb3;outline-offset:2px}a{color:#0958d9}nav{margin-top:1.5rem;display:flex;flex-direction:column;gap:.75rem}.error{color:#a8071a}.hint{color:#555;font-size:.9rem}`;

/**
 * The built-in payment provider's own pages, standing in for a card processor's hosted checkout. Its only way
 * to tell the shop the result is the signed webhook, exactly as a real provider would.
 */
export function sandboxGatewayRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  outbox: WebhookOutbox,
  kick: () => void,
) {
  app.get('/v1/sandbox/checkout.css', { schema: { hide: true } }, (_request, reply) =>
    reply.header('content-type', 'text/css').header('cache-control', 'public, max-age=3600').send(STYLE),
  );

  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const params = z.strictObject({ id: idField });
    // The shop's pages open the gateway with the shopper's chosen language; without it, the browser's. A guest's
    // order page adds its order's token, which the gateway hands back in its links home (as a provider hands
    // back the return address it was given); it checks nothing about it, and the shop's pages do.
    const querystring = z.object({
      lang: z.string().max(20).optional(),
      token: z.string().max(100).optional(),
    });
    const localeOf = (request: { locale: Locale; query: { lang?: string | undefined } }): Locale =>
      isLocale(request.query.lang) ? request.query.lang : request.locale;
    /** `&token=…` for the links back to the shop, when the page was opened with a well-formed token. */
    const tokenParam = (request: { query: { token?: string | undefined } }): string => {
      const token = request.query.token;
      return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? `&token=${token}` : '';
    };

    const page = (
      reply: FastifyReply,
      locale: Locale,
      charge: { id: string; orderId: string },
      amount: string,
      status: number,
      token: string,
      error?: string,
    ) => {
      const t = texts[locale];
      // Leaving the page moves no money: the pay link stays pending until a new one replaces it or the order is
      // cancelled, so the order page can start paying again.
      const orderPage = `/my/order?id=${charge.orderId}${token}`;
      return reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t.title}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/v1/sandbox/checkout.css"></head><body><main><h1>${t.title}</h1>
<p>${t.amount}: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="/v1/sandbox/checkout/${charge.id}?lang=${locale}${token}"><label for="card">${t.card}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23"${error ? ' aria-invalid="true" aria-describedby="card-error"' : ''}>
${error ? `<p id="card-error" class="error" role="alert">${error}</p>` : ''}<button type="submit">${t.pay}</button></form>
<p class="hint">${t.hint}</p><nav><a href="${orderPage.replaceAll('&', '&amp;')}">${t.back}</a><a href="${orderPage.replaceAll('&', '&amp;')}&amp;payment=cancelled">${t.cancel}</a></nav></main></body></html>`);
    };

    const format = (amount: number, currency: string, locale: Locale) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
        amount / 10 ** fractionDigits(currency),
      );

    routes.get(
      '/v1/sandbox/checkout/:id',
      { schema: { hide: true, params, querystring } },
      async (request, reply) => {
        const charge = await payments.findCharge(request.params.id);
        if (!charge) return reply.callNotFound();
        if (charge.status !== 'pending')
          return doneRedirect(reply, charge.orderId, charge.id, tokenParam(request));
        const locale = localeOf(request);
        return page(
          reply,
          locale,
          charge,
          format(charge.amount, charge.currency, locale),
          200,
          tokenParam(request),
        );
      },
    );

    routes.post(
      '/v1/sandbox/checkout/:id',
      { schema: { hide: true, params, querystring, body: z.object({ card: z.string().max(40) }) } },
      async (request, reply) => {
        const charge = await payments.findCharge(request.params.id);
        if (!charge) return reply.callNotFound();
        if (charge.status !== 'pending')
          return doneRedirect(reply, charge.orderId, charge.id, tokenParam(request));
        const card = request.body.card.replace(/[\s-]/g, '');
        if (card !== SANDBOX_CARDS.succeeds && card !== SANDBOX_CARDS.declined) {
          const locale = localeOf(request);
          return page(
            reply,
            locale,
            charge,
            format(charge.amount, charge.currency, locale),
            400,
            tokenParam(request),
            texts[locale].invalid,
          );
        }
        // The gateway captures a pay link at most once, as a real provider does: a second submit (another tab,
        // a double click, the back button) finds the first and moves no money.
        await outbox.enqueue(
          {
            type: card === SANDBOX_CARDS.succeeds ? 'charge.succeeded' : 'charge.failed',
            chargeId: charge.id,
            orderId: charge.orderId,
            amount: charge.amount,
            currency: charge.currency,
          },
          `capture:${charge.id}`,
        );
        kick();
        return doneRedirect(reply, charge.orderId, charge.id, tokenParam(request));
      },
    );
  });
}

/** A link that was paid, declined, replaced or voided moves no money: the shop's page says what became of it. */
function doneRedirect(reply: FastifyReply, orderId: string, chargeId: string, token: string) {
  return reply.redirect(`/tips?orderId=${orderId}&chargeId=${chargeId}${token}`, 303);
}

function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
