import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openShopper, seriousAccessibilityViolations } from './support/browser.ts';
import type { ShopperPage } from './support/browser.ts';
import { mailbox, unexpectedErrors } from './support/accounts.ts';
import { activatedShopper, data, placeAndPay, wellStockedSku } from './support/orders.ts';
import { startShop, type RunningShop } from './support/shop-server.ts';
import { STAFF_ACCOUNTS } from './support/staff.ts';

// A shop of its own: every browser test file that registers shoppers through the API spends the shared shop's
// allowance of texted codes per address (10 an hour from 127.0.0.1), and later files were refused (429).
let own: RunningShop;
let baseUrl = '';
let browser: Browser;
let shopper: ShopperPage;
let page: Page;
let buyerEmail = '';

interface SavedAddress {
  id: string;
  name: string;
}

const main = () => page.locator('main');
const card = (name: string) => main().getByRole('article').filter({ hasText: name });

/** The shopper's address of recipient `name`, as the API keeps it. */
async function addressOf(name: string): Promise<SavedAddress> {
  const addresses = await data<SavedAddress[]>(page.request.get('/v1/home/addresses'));
  const found = addresses.find((address) => address.name === name);
  expect(found, `no address for ${name}`).toBeDefined();
  return found!;
}

/** Switches the storefront's language with the header's switcher, as a shopper does. */
async function readIn(label: string, locale: string) {
  await page.getByLabel(label).selectOption(locale);
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
}

beforeAll(async () => {
  const admin = { ADMIN_EMAIL: STAFF_ACCOUNTS.admin.email, ADMIN_PASSWORD: STAFF_ACCOUNTS.admin.password };
  [browser, own] = await Promise.all([launchChromium(), startShop(admin)]);
  baseUrl = own.baseUrl;
  const buyer = await activatedShopper(baseUrl, 'addresses');
  buyerEmail = buyer.email;
  shopper = await openShopper(browser, baseUrl, 'zh-CN');
  page = shopper.page;
  await data(
    page.request.post('/v1/home/users/login', { data: { account: buyer.email, password: buyer.password } }),
  );
});
afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

describe('addresses down to the district or city, shown on the order in the reader’s language', () => {
  it('chooses a Chinese address province → city → district, with its 6-digit postcode', async () => {
    await page.goto('/address');
    await page.getByRole('button', { name: '新增地址' }).click();
    await page.getByLabel('收货人').fill('王芳');
    await page.getByLabel('国家或地区区号').selectOption('CN');
    await page.getByLabel('手机号（不含区号）').fill('138 1234 5678');
    await page.getByLabel('国家或地区', { exact: true }).selectOption('CN');
    await page.getByLabel('省份或州').selectOption({ label: '广东省' });
    // The cities and districts come as the province and the city are chosen.
    await page.getByLabel('城市').selectOption({ label: '深圳市' });
    await page.getByLabel('区县').selectOption({ label: '福田区' });
    await page.getByLabel('详细地址').fill('福华路 1 号');
    await page.getByLabel('邮政编码', { exact: true }).fill('5180');
    await page.getByRole('button', { name: '保存地址' }).click();
    // The form checks the postcode as the server does, next to the field.
    await page.getByText('请填写 6 位数字的邮政编码。').waitFor();
    await page.getByLabel('邮政编码', { exact: true }).fill('518000');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '保存地址' }).click();
    await card('王芳').getByText('中国, 广东省, 深圳市, 福田区, 福华路 1 号, 518000').waitFor();
  });

  it('chooses a Brazilian address state → city, with a CEP and a CPF checked by its digits', async () => {
    await readIn('语言', 'pt-BR');
    await page.getByRole('button', { name: 'Adicionar endereço' }).click();
    await page.getByLabel('Destinatário').fill('Ana Souza');
    await page.getByLabel('Código do país ou região').selectOption('BR');
    await page.getByLabel('Telefone sem o código do país').fill('11 98765 4321');
    await page.getByLabel('País ou região', { exact: true }).selectOption('BR');
    await page.getByLabel('Estado ou província').selectOption({ label: 'São Paulo' });
    await page.getByLabel('Cidade').selectOption({ label: 'São Paulo' });
    await page.getByLabel('Endereço (rua e número)').fill('Rua Augusta 100, apto 12');
    await page.getByLabel('CEP', { exact: true }).fill('01305000');
    await page.getByLabel('CPF (opcional)').fill('529.982.247-24');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await page.getByText('Informe o CEP no formato 00000-000.').waitFor();
    await page.getByText('CPF inválido: confira os dígitos.').waitFor();
    await page.getByLabel('CEP', { exact: true }).fill('01305-000');
    await page.getByLabel('CPF (opcional)').fill('529.982.247-25');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await card('Ana Souza')
      .getByText('Brasil, São Paulo, São Paulo, Rua Augusta 100, apto 12, 01305-000')
      .waitFor();
    await card('Ana Souza').getByText('CPF 529.982.247-25').waitFor();
  });

  it('places an order with each and shows each address on its order in the reader’s language', async () => {
    const skuId = await wellStockedSku(page.request);
    const chinese = await placeAndPay(page.request, { addressId: (await addressOf('王芳')).id, skuId });
    const brazilian = await placeAndPay(page.request, {
      addressId: (await addressOf('Ana Souza')).id,
      skuId,
    });
    // Registered in English, the shopper reads the shop in Portuguese now: the receipts are in Portuguese.
    await expect
      .poll(
        async () => (await mailbox(baseUrl, buyerEmail)).filter((mail) => / pago$/.test(mail.subject)).length,
      )
      .toBe(2);

    await page.goto(`/my/order?id=${brazilian.id}`);
    await main().getByText('Brasil, São Paulo, São Paulo, Rua Augusta 100, apto 12, 01305-000').waitFor();
    await main().getByText('CPF 529.982.247-25').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`/my/order?id=${chinese.id}`);
    await main().getByText('China, Guangdong, Shenzhen Shi, Futian Qu, 福华路 1 号, 518000').waitFor();
    await readIn('Idioma', 'zh-TW');
    await main().getByText('中國, 廣東省, 深圳市, 福田區, 福华路 1 号, 518000').waitFor();
    await readIn('語言', 'zh-CN');
    await main().getByText('中国, 广东省, 深圳市, 福田区, 福华路 1 号, 518000').waitFor();
    expect(unexpectedErrors(shopper.errors, [])).toEqual([]);
  });
});
