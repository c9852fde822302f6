import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  createShopper,
  createTestApp,
  loginCookie,
  type Json,
  type TestApp,
} from '../../testing.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const shopper = await createShopper(t.database, {
    email: `addresses-${Date.now()}@example.com`,
    password: 'Address-secret-2026',
  });
  cookie = await loginCookie(t.app, shopper.email, shopper.password);
});
afterAll(() => t.close());

const save = (body: object, locale = 'en-US') =>
  callApi(t.app, 'POST', '/v1/home/addresses', { cookie, payload: body, locale });

const shenzhen = {
  name: '王芳',
  phone: '+8613812345678',
  regionCodes: ['CN', 'CN-GD', 'CN-440300', 'CN-440304'],
  detail: '福华路 1 号',
  postcode: '518000',
  isDefault: false,
};
const saoPaulo = {
  name: 'Ana Souza',
  phone: '+5511987654321',
  regionCodes: ['BR', 'BR-SP', 'BR-3550308'],
  detail: 'Rua Augusta 100',
  postcode: '01305-000',
  isDefault: false,
};
const sanFrancisco = {
  name: 'Sam Lee',
  phone: '+14155550123',
  regionCodes: ['US', 'US-CA'],
  detail: '1 Market St',
  postcode: '94105',
  isDefault: false,
};
const taipei = {
  name: '林小明',
  phone: '+886912345678',
  regionCodes: ['TW', 'TW-TPE', 'TW-100'],
  detail: '重慶南路一段 122 號',
  postcode: '100',
  isDefault: false,
};

const children = async (parent: string, locale = 'en-US') =>
  (await callApi(t.app, 'GET', `/v1/home/regions?parent=${encodeURIComponent(parent)}`, { locale })).body
    .data as { code: string; name: string }[];

describe('GET /v1/home/regions?parent=', () => {
  it('lists the cities of a province and the districts of a city, in the reader’s language', async () => {
    expect(await children('CN-GD', 'zh-CN')).toContainEqual({ code: 'CN-440300', name: '深圳市' });
    expect(await children('CN-GD', 'zh-TW')).toContainEqual({ code: 'CN-440300', name: '深圳市' });
    expect(await children('CN-440300', 'zh-TW')).toContainEqual({ code: 'CN-440304', name: '福田區' });
    expect(await children('CN-440300', 'en-US')).toContainEqual({ code: 'CN-440304', name: 'Futian Qu' });
    expect(await children('TW-TPE', 'zh-TW')).toContainEqual({ code: 'TW-100', name: '中正區' });
    expect(await children('TW-TPE', 'en-US')).toContainEqual({ code: 'TW-100', name: 'Zhongzheng District' });
    expect(await children('BR-SP', 'pt-BR')).toContainEqual({ code: 'BR-3550308', name: 'São Paulo' });
    expect(await children('BR-SP')).toHaveLength(645);
    expect((await children('US-CA')).map((city) => city.name)).toContain('San Francisco');
  });

  it('has nothing below a district or a city, and refuses a parent that is not a code', async () => {
    expect(await children('CN-440304')).toEqual([]);
    expect(await children('BR-3550308')).toEqual([]);
    const hostile = await callApi(t.app, 'GET', "/v1/home/regions?parent=' or 1=1 --");
    expect(hostile.status).toBe(422);
    expect(hostile.body.code).toBe(1);
  });
});

describe('addresses down to the city or district', () => {
  it('keeps a Chinese address to its district and a Brazilian one to its city, with CEP and CPF', async () => {
    const chinese = await save(shenzhen, 'zh-CN');
    expect(chinese.status).toBe(201);
    expect(chinese.body.data.regionNames).toEqual(['中国', '广东省', '深圳市', '福田区']);
    const brazilian = await save({ ...saoPaulo, cpf: '52998224725' }, 'pt-BR');
    expect(brazilian.status).toBe(201);
    expect(brazilian.body.data.regionNames).toEqual(['Brasil', 'São Paulo', 'São Paulo']);
    expect(brazilian.body.data.cpf).toBe('529.982.247-25');
    expect((await save(sanFrancisco)).status).toBe(422);
    const city = (await children('US-CA')).find((c) => c.name === 'San Francisco')!.code;
    const american = await save({
      ...sanFrancisco,
      regionCodes: ['US', 'US-CA', city],
      postcode: '94105-1420',
    });
    expect(american.status).toBe(201);
    expect(american.body.data.regionNames).toEqual(['United States', 'California', 'San Francisco']);
    expect((await save(taipei, 'zh-TW')).body.data.regionNames).toEqual(['台灣', '臺北市', '中正區']);
  });

  it('refuses a path that stops above the city or district, or goes through another province', async () => {
    const stopsAtProvince = await save({ ...shenzhen, regionCodes: ['CN', 'CN-GD'] });
    expect(stopsAtProvince.status).toBe(422);
    expect(Object.keys(stopsAtProvince.body.msg)).toEqual(['regionCodes']);
    expect((await save({ ...shenzhen, regionCodes: ['CN', 'CN-GD', 'CN-440300'] })).status).toBe(422);
    // Haidian is a district of Beijing, not of Shenzhen; Shenzhen is not in Zhejiang.
    const otherProvince = await save({ ...shenzhen, regionCodes: ['CN', 'CN-GD', 'CN-440300', 'CN-110108'] });
    expect(otherProvince.status).toBe(422);
    expect(otherProvince.body.msg).toEqual({ regionCodes: 'Invalid value.' });
    expect((await save({ ...shenzhen, regionCodes: ['CN', 'CN-ZJ', 'CN-440300', 'CN-440304'] })).status).toBe(
      422,
    );
    expect((await save({ ...saoPaulo, regionCodes: ['BR', 'BR-RJ', 'BR-3550308'] })).status).toBe(422);
  });
});

describe('postcode and CPF by country', () => {
  const postcode = {
    BR: 'Please enter the CEP as 00000-000.',
    US: 'Please enter the ZIP code as 00000 or 00000-0000.',
    CN: 'Please enter the 6-digit postcode.',
    TW: 'Please enter the 3- or 5-digit postcode.',
  };
  const badCpf = 'This CPF is not valid: please check its digits.';
  const cases: [string, object, Record<string, string>][] = [
    ['a CEP without its dash', { ...saoPaulo, postcode: '01305000' }, { postcode: postcode.BR }],
    ['a CEP of seven digits', { ...saoPaulo, postcode: '1305-000' }, { postcode: postcode.BR }],
    ['no CEP', { ...saoPaulo, postcode: '' }, { postcode: postcode.BR }],
    ['a ZIP of four digits', { ...sanFrancisco, postcode: '9410' }, { postcode: postcode.US }],
    ['a ZIP+4 with three', { ...sanFrancisco, postcode: '94105-142' }, { postcode: postcode.US }],
    ['a Chinese postcode of five digits', { ...shenzhen, postcode: '51800' }, { postcode: postcode.CN }],
    ['a Chinese postcode with letters', { ...shenzhen, postcode: '51800A' }, { postcode: postcode.CN }],
    ['a Taiwanese postcode of four digits', { ...taipei, postcode: '1000' }, { postcode: postcode.TW }],
    ['a CPF with a wrong check digit', { ...saoPaulo, cpf: '529.982.247-24' }, { cpf: badCpf }],
    ['a CPF of one repeated digit', { ...saoPaulo, cpf: '111.111.111-11' }, { cpf: badCpf }],
    ['a CPF of ten digits', { ...saoPaulo, cpf: '5299822472' }, { cpf: badCpf }],
    [
      'a CPF on a Chinese address',
      { ...shenzhen, cpf: '529.982.247-25' },
      { cpf: 'A CPF is only for addresses in Brazil.' },
    ],
  ];
  it.each(cases)('refuses %s with a message on that field', async (_, body, messages) => {
    const reply = await save(body);
    expect(reply.status).toBe(422);
    expect(reply.body.code).toBe(1);
    expect(reply.body.msg).toEqual(messages);
  });

  it('says what is wrong in the shopper’s language', async () => {
    const bad = { ...saoPaulo, postcode: '01305000', cpf: '123.456.789-00' };
    expect((await save(bad, 'pt-BR')).body.msg).toEqual({
      postcode: 'Informe o CEP no formato 00000-000.',
      cpf: 'CPF inválido: confira os dígitos.',
    });
    expect((await save({ ...shenzhen, postcode: '5180' }, 'zh-CN')).body.msg).toEqual({
      postcode: '请填写 6 位数字的邮政编码。',
    });
    expect((await save({ ...taipei, postcode: '10' }, 'zh-TW')).body.msg).toEqual({
      postcode: '請填寫 3 碼或 5 碼的郵遞區號。',
    });
  });

  it('takes the 5-digit Taiwanese postcode', async () => {
    expect((await save({ ...taipei, postcode: '10048' })).status).toBe(201);
  });

  const hostile = [
    "'; drop table addresses; --",
    '<script>alert(1)</script>',
    '０１３０５-０００',
    '\u202e01305-000',
  ];
  it.each(hostile)(
    'answers the hostile postcode or CPF %j with an envelope error, never a 500',
    async (value) => {
      for (const body of [
        { ...saoPaulo, postcode: value },
        { ...saoPaulo, cpf: value },
        { ...saoPaulo, regionCodes: ['BR', 'BR-SP', value] },
      ]) {
        const reply = await save(body);
        expect(reply.status).toBe(422);
        expect((reply.body as Json).code).toBe(1);
      }
    },
  );
});
