import type { MarketInputBody } from '@shop/contract';
import { staffCookie } from './staff.ts';

/**
 * The browser suite's shop sells in its own market only (US dollars wherever the parcel goes), as the API suite's
 * does: its tests read amounts off the SKUs and ship to São Paulo. The markets' own tests add the markets they
 * need, for countries no other test ships to, and remove them after.
 */
export async function keepOnlyShopMarket(baseUrl: string): Promise<void> {
  const cookie = await staffCookie(baseUrl, 'admin');
  const listed = (await (await fetch(`${baseUrl}/v1/admin/markets`, { headers: { cookie } })).json()) as {
    data: { code: string; base: boolean }[];
  };
  for (const market of listed.data.filter((m) => !m.base)) await removeMarket(baseUrl, market.code, cookie);
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
