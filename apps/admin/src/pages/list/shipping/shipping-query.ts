import { queryOptions } from '@tanstack/react-query';
import type { CallOptions } from '@shop/api-client';
import type { AdminShippingZone, ShippingZoneInputBody } from '@shop/contract';
import { adminApi } from '../../../api.ts';

/** The shipping zones as staff see them (any member of staff reads them; a change's reply replaces the list). */
export const SHIPPING_ZONES_KEY = ['admin', 'shipping-zones'] as const;

const PATH = '/admin/shipping-zones';
const one = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export const shippingZonesQuery = queryOptions({
  queryKey: SHIPPING_ZONES_KEY,
  queryFn: ({ signal }) => adminApi.http.get<AdminShippingZone[]>(PATH, undefined, { signal }),
});

/** The staff API's shipping-zone calls (admins only); each answers the whole new list of zones. */
export const shippingZonesApi = {
  create: (body: ShippingZoneInputBody, call?: CallOptions) =>
    adminApi.http.post<AdminShippingZone[]>(PATH, body, call),
  update: (id: string, body: ShippingZoneInputBody, call?: CallOptions) =>
    adminApi.http.put<AdminShippingZone[]>(one(id), body, call),
  remove: (id: string, call?: CallOptions) => adminApi.http.delete<AdminShippingZone[]>(one(id), call),
};
