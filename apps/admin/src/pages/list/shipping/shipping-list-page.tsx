import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, pickText } from '@shop/contract';
import type { AdminShippingMethod, AdminShippingZone, Locale } from '@shop/contract';
import { canAccess } from '../../../access.ts';
import { showErrorToast, showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { EditableListPage, RowEditDelete } from '../../../components/editable-list.tsx';
import { regionsQuery } from '../../../features/account/queries.ts';
import { useStaffRole } from '../../../features/session/use-staff-role.ts';
import { formatMoney } from '../../../features/shop/money.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import { SHIPPING_ZONES_KEY, shippingZonesApi, shippingZonesQuery } from './shipping-query.ts';
import { ShippingZoneFormModal } from './shipping-zone-form-modal.tsx';
import './shipping.css';

/** What the add/edit dialog shows: a zone, a new one, or nothing. */
type Editing = { zone: AdminShippingZone | null } | null;

/** A zone as the table shows it: its name in the reader's language. */
type ZoneRow = AdminShippingZone & { name: string };

/**
 * The shop's shipping zones (`/list/shipping`): which places each covers, and the methods it offers there with
 * their fees (one fee, or bands by weight or order value, in the shop's currency) and days. Every member of staff
 * reads them; admins add, edit and delete (the server refuses others). Each change's reply is the whole new list.
 */
export default function ShippingListPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const isAdmin = canAccess(useStaffRole(), 'admin');
  const zones = useQuery(shippingZonesQuery);
  const shop = useQuery(shopQuery(locale));
  const regions = useQuery(regionsQuery(locale));
  const [editing, setEditing] = useState<Editing>(null);
  const [open, setOpen] = useState(false);

  const currency = shop.data?.currency ?? '';
  // A failed read of the shop or the regions shows codes rather than nothing.
  const ready = zones.isSuccess && !shop.isPending && !regions.isPending;
  const shopDefault = shop.data?.defaultLocale ?? 'en-US';

  /** Country and state names by code, from the region tree in the reader's language. */
  const placeNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const country of regions.data ?? []) {
      names.set(country.code, country.name);
      for (const state of country.children ?? []) names.set(state.code, state.name);
    }
    return names;
  }, [regions.data]);

  const rows = useMemo((): ZoneRow[] => {
    const collator = new Intl.Collator(locale);
    return (zones.data ?? [])
      .map((zone) => ({ ...zone, name: pickText(zone.names, locale, shopDefault) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [zones.data, locale, shopDefault]);

  const show = (list: AdminShippingZone[]) => queryClient.setQueryData(SHIPPING_ZONES_KEY, list);
  const startEditing = (zone: AdminShippingZone | null) => {
    setEditing({ zone });
    setOpen(true);
  };

  const remove = async (zone: ZoneRow) => {
    try {
      show(await shippingZonesApi.remove(zone.id, { handles: [Code.notFound] }));
      showSuccessToast(t('shipping.deleted', { name: zone.name }));
    } catch (error) {
      // A zone gone meanwhile is said here; other failures were shown by the client already.
      if (error instanceof AppError && error.code === Code.notFound) showErrorToast(error.message);
      await queryClient.invalidateQueries({ queryKey: SHIPPING_ZONES_KEY });
    }
  };

  const placeLabel = (place: AdminShippingZone['places'][number]) => {
    const country = placeNames.get(place.country) ?? place.country;
    return place.region
      ? t('shipping.placeRegion', { region: placeNames.get(place.region) ?? place.region, country })
      : country;
  };

  const money = (minor: number) =>
    minor === 0 ? t('shipping.summary.free') : formatMoney(minor, currency, locale);
  const grams = (value: number) =>
    intl.formatNumber(value, { style: 'unit', unit: 'gram', unitDisplay: 'short' });

  /** "$5.99", or "$12.99 up to 1,000 g, $34.99 over 1,000 g". */
  const priceOf = (method: AdminShippingMethod) => {
    if (method.pricing === 'flat' || method.bands.length === 0) return money(method.fee);
    const limit = (upTo: number) => (method.pricing === 'weight' ? grams(upTo) : money(upTo));
    return method.bands
      .map((band, index) => {
        const fee = money(band.fee);
        if (band.upTo !== null) return t('shipping.summary.bandUpTo', { fee, limit: limit(band.upTo) });
        const previous = method.bands[index - 1]?.upTo;
        return previous == null ? fee : t('shipping.summary.bandAbove', { fee, limit: limit(previous) });
      })
      .join(', ');
  };

  const daysOf = (method: AdminShippingMethod) =>
    method.minDays === method.maxDays
      ? t('shipping.summary.days', { min: method.minDays })
      : t('shipping.summary.dayRange', { min: method.minDays, max: method.maxDays });

  const columns: TableColumnsType<ZoneRow> = [
    { title: t('shipping.column.name'), dataIndex: 'name' },
    {
      title: t('shipping.column.places'),
      dataIndex: 'places',
      render: (places: ZoneRow['places']) => places.map(placeLabel).join('; '),
    },
    {
      title: t('shipping.column.methods'),
      dataIndex: 'methods',
      render: (methods: AdminShippingMethod[]) => (
        <ul className="shipping-methods">
          {methods.map((method) => (
            <li key={method.id}>
              {[pickText(method.names, locale, shopDefault), currency ? priceOf(method) : '', daysOf(method)]
                .filter(Boolean)
                .join(' · ')}
              {method.freeOverThreshold && (
                <>
                  {' '}
                  <Tag className="shipping-free-tag">{t('shipping.summary.freeOver')}</Tag>
                </>
              )}
            </li>
          ))}
        </ul>
      ),
    },
    ...(isAdmin
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, zone: ZoneRow) => (
              <RowEditDelete
                editLabel={t('shipping.editNamed', { name: zone.name })}
                deleteLabel={t('shipping.deleteNamed', { name: zone.name })}
                confirmTitle={t('shipping.deleteConfirm', { name: zone.name })}
                confirmHint={t('shipping.deleteHint')}
                onEdit={() => startEditing(zone)}
                onDelete={() => remove(zone)}
                editDisabled={!currency}
              />
            ),
          },
        ]
      : []),
  ];

  if (zones.error) return <ExceptionPanel status="500" onRetry={() => void zones.refetch()} />;
  return (
    <EditableListPage
      prefix="shipping"
      isAdmin={isAdmin}
      onAdd={() => startEditing(null)}
      addDisabled={!currency}
      table={
        <Table<ZoneRow>
          rowKey="id"
          columns={columns}
          // Rows come with the names of their places and their fees' currency, not as codes first.
          dataSource={ready ? rows : []}
          loading={!ready}
          pagination={false}
          locale={{ emptyText: t('shipping.empty') }}
        />
      }
    >
      {editing && (
        <ShippingZoneFormModal
          zone={editing.zone}
          open={open}
          currency={currency}
          shopDefault={shopDefault}
          onClose={() => setOpen(false)}
          onSaved={(list, name) => {
            show(list);
            showSuccessToast(t(editing.zone ? 'shipping.saved' : 'shipping.created', { name }));
            setOpen(false);
          }}
          onGone={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: SHIPPING_ZONES_KEY });
          }}
          afterClose={() => setEditing(null)}
        />
      )}
    </EditableListPage>
  );
}
