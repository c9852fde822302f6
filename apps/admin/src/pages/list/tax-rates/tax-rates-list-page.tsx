import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, pickText } from '@shop/contract';
import type { AdminTaxRate, Locale } from '@shop/contract';
import { canAccess } from '../../../access.ts';
import { adminApi } from '../../../api.ts';
import { showErrorToast, showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { EditableListPage, RowEditDelete } from '../../../components/editable-list.tsx';
import { regionsQuery } from '../../../features/account/queries.ts';
import { useStaffRole } from '../../../features/session/use-staff-role.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import { TaxRateFormModal } from './tax-rate-form-modal.tsx';
import { percentText } from './tax-rate-values.ts';
import { TAX_RATES_KEY, taxRatesQuery } from './tax-rates-query.ts';

/** What the add/edit dialog shows: a rate, a new one, or nothing. */
type Editing = { rate: AdminTaxRate | null } | null;

/**
 * The shop's tax rates (`/list/tax-rates`): per country or state and tax class, each with its name in every
 * language and its percentage. Every member of staff reads them; admins add, edit and delete (the server refuses
 * others). Each change's reply is the whole new list, shown as it comes.
 */
export default function TaxRatesListPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const isAdmin = canAccess(useStaffRole(), 'admin');
  const rates = useQuery(taxRatesQuery);
  const regions = useQuery(regionsQuery(locale));
  const shop = useQuery(shopQuery(locale));
  const [editing, setEditing] = useState<Editing>(null);
  const [open, setOpen] = useState(false);
  const shopDefault = shop.data?.defaultLocale ?? 'en-US';

  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);
  const countryName = (code: string) => countryNames.of(code) ?? code;
  const regionName = (country: string, code: string) =>
    regions.data?.find((r) => r.code === country)?.children?.find((r) => r.code === code)?.name ?? code;
  const nameOf = (rate: AdminTaxRate) => pickText(rate.names, locale, shopDefault);
  /** "ICMS (São Paulo, Standard)": which rate a button or dialog is about. */
  const describe = (rate: AdminTaxRate) =>
    t('taxRates.named', {
      name: nameOf(rate),
      place: rate.region ? regionName(rate.country, rate.region) : countryName(rate.country),
      taxClass: t(`taxRates.class.${rate.taxClass}`),
    });

  const show = (list: AdminTaxRate[]) => queryClient.setQueryData(TAX_RATES_KEY, list);
  const startEditing = (rate: AdminTaxRate | null) => {
    setEditing({ rate });
    setOpen(true);
  };

  const remove = async (rate: AdminTaxRate) => {
    try {
      show(await adminApi.taxes.remove(rate.id, { handles: [Code.notFound] }));
      showSuccessToast(t('taxRates.deleted', { name: nameOf(rate) }));
    } catch (error) {
      if (error instanceof AppError && error.code === Code.notFound) showErrorToast(error.message);
      await queryClient.invalidateQueries({ queryKey: TAX_RATES_KEY });
    }
  };

  const columns: TableColumnsType<AdminTaxRate> = [
    {
      title: t('taxRates.column.country'),
      dataIndex: 'country',
      render: (code: string) => t('taxRates.option', { name: countryName(code), code }),
    },
    {
      title: t('taxRates.column.region'),
      dataIndex: 'region',
      render: (code: string, rate) =>
        code ? (
          t('taxRates.option', { name: regionName(rate.country, code), code })
        ) : (
          <Typography.Text type="secondary">{t('taxRates.wholeCountry')}</Typography.Text>
        ),
    },
    {
      title: t('taxRates.column.taxClass'),
      dataIndex: 'taxClass',
      render: (taxClass: AdminTaxRate['taxClass']) => t(`taxRates.class.${taxClass}`),
    },
    { title: t('taxRates.column.name'), key: 'name', render: (_: unknown, rate) => nameOf(rate) },
    {
      title: t('taxRates.column.rate'),
      dataIndex: 'rate',
      align: 'right',
      render: (rate: string) => percentText(rate, locale),
    },
    ...(isAdmin
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, rate: AdminTaxRate) => (
              <RowEditDelete
                editLabel={t('taxRates.editNamed', { rate: describe(rate) })}
                deleteLabel={t('taxRates.deleteNamed', { rate: describe(rate) })}
                confirmTitle={t('taxRates.deleteConfirm', { rate: describe(rate) })}
                confirmHint={t('taxRates.deleteHint')}
                onEdit={() => startEditing(rate)}
                onDelete={() => remove(rate)}
              />
            ),
          },
        ]
      : []),
  ];

  if (rates.error) return <ExceptionPanel status="500" onRetry={() => void rates.refetch()} />;
  return (
    <EditableListPage
      prefix="taxRates"
      isAdmin={isAdmin}
      onAdd={() => startEditing(null)}
      table={
        <Table<AdminTaxRate>
          rowKey="id"
          columns={columns}
          dataSource={rates.data ?? []}
          loading={rates.isPending}
          pagination={false}
          // antd's own placeholder colour is too faint to read (WCAG 1.4.3).
          locale={{ emptyText: <Typography.Text type="secondary">{t('taxRates.empty')}</Typography.Text> }}
        />
      }
    >
      {editing && (
        <TaxRateFormModal
          rate={editing.rate}
          rateName={editing.rate ? describe(editing.rate) : ''}
          open={open}
          regions={regions.data ?? []}
          regionsLoading={regions.isPending}
          shopDefault={shopDefault}
          onClose={() => setOpen(false)}
          onSaved={(list, name) => {
            show(list);
            showSuccessToast(t(editing.rate ? 'taxRates.saved' : 'taxRates.created', { name }));
            setOpen(false);
          }}
          onGone={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: TAX_RATES_KEY });
          }}
          afterClose={() => setEditing(null)}
        />
      )}
    </EditableListPage>
  );
}
