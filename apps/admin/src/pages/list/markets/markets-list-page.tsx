import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code } from '@shop/contract';
import type { AdminMarket, Locale } from '@shop/contract';
import { canAccess } from '../../../access.ts';
import { adminApi } from '../../../api.ts';
import { LOCALE_LABELS } from '../../../app/locale.ts';
import { showErrorToast, showSuccessToast } from '../../../app/toast.ts';
import { ExceptionPanel } from '../../../components/exception-panel.tsx';
import { EditableListPage, RowEditDelete } from '../../../components/editable-list.tsx';
import { settingsQuery } from '../../../features/catalog/queries.ts';
import { useStaffRole } from '../../../features/session/use-staff-role.ts';
import { shopQuery } from '../../../features/shop/queries.ts';
import { MarketFormModal } from './market-form-modal.tsx';
import { MARKETS_KEY, marketsQuery } from './markets-query.ts';

/** What the add/edit dialog shows: a market, a new one, or nothing. */
type Editing = { market: AdminMarket | null } | null;

/**
 * The shop's markets (`/list/markets`): where it sells, in which currency, at which rate and rounding, with taxes
 * in its prices or not. Every member of staff reads them; admins add, edit and delete (the server refuses others).
 * The shop's own market cannot be deleted. Each change's reply is the whole new list, shown as it comes.
 */
export default function MarketsListPage() {
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const isAdmin = canAccess(useStaffRole(), 'admin');
  const markets = useQuery(marketsQuery);
  const shop = useQuery(shopQuery(locale));
  const [editing, setEditing] = useState<Editing>(null);
  const [open, setOpen] = useState(false);

  const baseMarket = markets.data?.find((market) => market.base);
  // The shop's own currency: its own market's. Not /home/systems's, which is in the asking member's market; with no
  // market at rate 1 in it (the shop's currency changed since), an admin reads it from the settings.
  const settings = useQuery({ ...settingsQuery, enabled: isAdmin && markets.isSuccess && !baseMarket });
  const baseCurrency = baseMarket?.currency ?? settings.data?.currency ?? '';
  const shopDefault = shop.data?.defaultLocale ?? 'en-US';
  const countryNames = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);

  const show = (list: AdminMarket[]) => queryClient.setQueryData(MARKETS_KEY, list);
  const nameIn = (list: AdminMarket[], code: string) => list.find((m) => m.code === code)?.name ?? code;
  const startEditing = (market: AdminMarket | null) => {
    setEditing({ market });
    setOpen(true);
  };

  const remove = async (market: AdminMarket) => {
    try {
      show(await adminApi.markets.remove(market.code, { handles: [Code.notFound] }));
      showSuccessToast(t('markets.deleted', { name: market.name }));
    } catch (error) {
      // Code 2 (the shop's own market) was shown by the client already; a market gone meanwhile is said here.
      if (error instanceof AppError && error.code === Code.notFound) showErrorToast(error.message);
      await queryClient.invalidateQueries({ queryKey: MARKETS_KEY });
    }
  };

  const columns: TableColumnsType<AdminMarket> = [
    {
      title: t('markets.column.name'),
      dataIndex: 'name',
      render: (name: string, market) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {market.base && <Tag>{t('markets.base')}</Tag>}
        </Space>
      ),
    },
    { title: t('markets.column.code'), dataIndex: 'code' },
    { title: t('markets.column.currency'), dataIndex: 'currency' },
    {
      title: t('markets.column.countries'),
      dataIndex: 'countries',
      render: (codes: string[]) =>
        codes
          .map((code) => t('markets.countryOption', { name: countryNames.of(code) ?? code, code }))
          .join(', '),
    },
    {
      title: t('markets.column.rate'),
      dataIndex: 'exchangeRate',
      render: (rate: string, market) => {
        const value = intl.formatNumber(Number(rate), { maximumFractionDigits: 6 });
        return baseCurrency
          ? t('markets.rateValue', { base: baseCurrency, rate: value, currency: market.currency })
          : value;
      },
    },
    {
      title: t('markets.column.rounding'),
      dataIndex: 'rounding',
      render: (rounding: AdminMarket['rounding']) => t(`markets.rounding.${rounding}`),
    },
    {
      title: t('markets.column.taxInclusive'),
      dataIndex: 'taxInclusive',
      render: (included: boolean) => t(included ? 'common.yes' : 'common.no'),
    },
    {
      title: t('markets.column.defaultLocale'),
      dataIndex: 'defaultLocale',
      render: (language: Locale) => <span lang={language}>{LOCALE_LABELS[language]}</span>,
    },
    ...(isAdmin
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_: unknown, market: AdminMarket) => (
              <RowEditDelete
                editLabel={t('markets.editNamed', { name: market.name })}
                deleteLabel={t('markets.deleteNamed', { name: market.name })}
                confirmTitle={t('markets.deleteConfirm', { name: market.name })}
                confirmHint={t('markets.deleteHint')}
                onEdit={() => startEditing(market)}
                onDelete={() => remove(market)}
                deletable={!market.base}
              />
            ),
          },
        ]
      : []),
  ];

  if (markets.error) return <ExceptionPanel status="500" onRetry={() => void markets.refetch()} />;
  return (
    <EditableListPage
      prefix="markets"
      isAdmin={isAdmin}
      onAdd={() => startEditing(null)}
      addDisabled={!baseCurrency}
      table={
        <Table<AdminMarket>
          rowKey="code"
          columns={columns}
          dataSource={markets.data ?? []}
          loading={markets.isPending}
          pagination={false}
          locale={{ emptyText: t('markets.empty') }}
        />
      }
    >
      {editing && (
        <MarketFormModal
          market={editing.market}
          open={open}
          baseCurrency={baseCurrency}
          shopDefault={shopDefault}
          onClose={() => setOpen(false)}
          onSaved={(list, code) => {
            show(list);
            showSuccessToast(
              t(editing.market ? 'markets.saved' : 'markets.created', { name: nameIn(list, code) }),
            );
            setOpen(false);
          }}
          onGone={() => {
            setOpen(false);
            void queryClient.invalidateQueries({ queryKey: MARKETS_KEY });
          }}
          afterClose={() => setEditing(null)}
        />
      )}
    </EditableListPage>
  );
}
