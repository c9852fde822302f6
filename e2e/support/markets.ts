import type { MarketInputBody, TaxRateInputBody } from '@shop/contract';
import { staffCookie } from './staff.ts';

/**
 * The browser suite's shop sells in its own market only (US dollars wherever the parcel goes, no taxes, the general shipping fee), as the API suite's
 * does: its tests read amounts off the SKUs and ship to São Paulo. The markets' own tests add the markets they
 * need, for countries no other test ships to, and remove them after.
 */
export async function keepOnlyShopMarket(baseUrl: string): Promise<void> {
  const cookie = await staffCookie(baseUrl, 'admin');
  const listed = (await (await fetch(`${baseUrl}/v1/admin/markets`, { headers: { cookie } })).json()) as {
    data: { code: string; base: boolean }[];
  };
  for (const market of listed.data.filter((m) => !m.base)) await removeMarket(baseUrl, market.code, cookie);
  const rates = (await (await fetch(`${baseUrl}/v1/admin/tax-rates`, { headers: { cookie } })).json()) as {
    data: { id: string }[];
  };
  for (const rate of rates.data) {
    const reply = await fetch(`${baseUrl}/v1/admin/tax-rates/${rate.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    if (reply.status !== 200) throw new Error(`tax rate ${rate.id} not removed: ${await reply.text()}`);
  }
  const zones = (await (
    await fetch(`${baseUrl}/v1/admin/shipping-zones`, { headers: { cookie } })
  ).json()) as {
    data: { id: string }[];
  };
  for (const zone of zones.data) {
    const reply = await fetch(`${baseUrl}/v1/admin/shipping-zones/${zone.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    if (reply.status !== 200) throw new Error(`shipping zone ${zone.id} not removed: ${await reply.text()}`);
  }
}

export async function addMarket(baseUrl: string, market: MarketInputBody): Promise<void> {
  const cookie = await staffCookie(baseUrl, 'admin');
  const reply = await fetch(`${baseUrl}/v1/admin/markets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(market),
  });
  if (reply.status !== 200) throw new Error(`market ${market.code} refused: ${await reply.text()}`);
}

export async function removeMarket(baseUrl: string, code: string, cookie?: string): Promise<void> {
  const reply = await fetch(`${baseUrl}/v1/admin/markets/${code}`, {
    method: 'DELETE',
    headers: { cookie: cookie ?? (await staffCookie(baseUrl, 'admin')) },
  });
  if (reply.status !== 200 && reply.status !== 404)
    throw new Error(`market ${code} not removed: ${await reply.text()}`);
}

/** Adds a tax rate; returns its id, for `removeTaxRate`. */
export async function addTaxRate(baseUrl: string, rate: TaxRateInputBody): Promise<string> {
  const cookie = await staffCookie(baseUrl, 'admin');
  const reply = await fetch(`${baseUrl}/v1/admin/tax-rates`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(rate),
  });
  const body = (await reply.json()) as { data: { id: string; country: string; taxClass: string }[] };
  const added = body.data?.find((r) => r.country === rate.country && r.taxClass === rate.taxClass);
  if (reply.status !== 200 || !added) throw new Error(`tax rate refused: ${JSON.stringify(body)}`);
  return added.id;
}

export async function removeTaxRate(baseUrl: string, id: string): Promise<void> {
  const cookie = await staffCookie(baseUrl, 'admin');
  await fetch(`${baseUrl}/v1/admin/tax-rates/${id}`, { method: 'DELETE', headers: { cookie } });
}
