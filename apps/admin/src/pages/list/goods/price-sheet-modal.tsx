import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppError, Code, PRICE_SHEET_MAX_BYTES } from '@shop/contract';
import type { PriceSheetResult } from '@shop/contract';
import { adminApi } from '../../../api.ts';

interface PriceSheetModalProps {
  open: boolean;
  /** Where the sheet of the goods the list shows now is downloaded (the list's filters and sort). */
  downloadHref: string;
  onClose: () => void;
  /** After an upload that changed prices: the list reads its figures again. */
  onApplied: () => Promise<void>;
}

type Outcome = { kind: 'applied'; result: PriceSheetResult } | { kind: 'refused'; problems: string[] };

/**
 * The price sheet: download every SKU's prices per currency as CSV, with the goods list's filters, and upload an
 * edited one. The server applies it whole or refuses it; a refusal lists each problem by row and column, in the
 * order the server found them.
 */
export function PriceSheetModal({ open, downloadHref, onClose, onApplied }: PriceSheetModalProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  /** A server field (`rows.3.price_BRL`, `rows.3`, `columns.colour`, `body`) and its message as one line. */
  const problemText = (field: string, message: string): string => {
    const cellMatch = /^rows\.(\d+)\.(.+)$/.exec(field);
    if (cellMatch)
      return t('goods.priceSheet.problem.cell', { row: cellMatch[1]!, column: cellMatch[2]!, message });
    const rowMatch = /^rows\.(\d+)$/.exec(field);
    if (rowMatch) return t('goods.priceSheet.problem.row', { row: rowMatch[1]!, message });
    const columnMatch = /^columns\.(.+)$/.exec(field);
    if (columnMatch) return t('goods.priceSheet.problem.column', { column: columnMatch[1]!, message });
    return message;
  };

  const upload = async (file: Blob) => {
    setOutcome(null);
    if (file.size > PRICE_SHEET_MAX_BYTES) {
      setOutcome({ kind: 'refused', problems: [t('goods.priceSheet.tooLarge')] });
      return;
    }
    setUploading(true);
    try {
      // The file itself is the body, typed as CSV whatever the browser calls a .csv file.
      const sheet = new Blob([file], { type: 'text/csv' });
      const result = await adminApi.http.upload<PriceSheetResult>('/admin/goods/prices.csv', sheet, {
        handles: [Code.validation],
      });
      setOutcome({ kind: 'applied', result });
      if (result.updated > 0) await onApplied();
    } catch (error) {
      // Other refusals were shown by the client already (a toast, or the login page).
      if (error instanceof AppError && error.code === Code.validation) {
        const fields = Object.entries(error.fields ?? {});
        setOutcome({
          kind: 'refused',
          problems: fields.length
            ? fields.map(([field, message]) => problemText(field, message))
            : [error.message],
        });
      }
    } finally {
      setUploading(false);
    }
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof Blob)) return;
    upload(file).then(
      () => onSuccess?.(null),
      (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
    );
  };

  return (
    <Modal
      title={t('goods.priceSheet.title')}
      open={open}
      onCancel={onClose}
      afterClose={() => setOutcome(null)}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('goods.priceSheet.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('goods.priceSheet.hint')}</Typography.Paragraph>
      <Space wrap>
        <Button icon={<DownloadOutlined />} href={downloadHref} download>
          {t('goods.priceSheet.download')}
        </Button>
        <Upload accept=".csv,text/csv" showUploadList={false} maxCount={1} customRequest={customRequest}>
          <Button icon={<UploadOutlined />} loading={uploading}>
            {t('goods.priceSheet.upload')}
          </Button>
        </Upload>
      </Space>
      <div role="status" style={{ marginTop: 16 }}>
        {outcome?.kind === 'applied' && (
          <Alert
            type="success"
            showIcon
            message={t('goods.priceSheet.updated', { count: outcome.result.updated })}
            description={t('goods.priceSheet.unchanged', { count: outcome.result.unchanged })}
          />
        )}
        {outcome?.kind === 'refused' && (
          <Alert
            type="error"
            showIcon
            message={t('goods.priceSheet.refused')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {outcome.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
          />
        )}
      </div>
    </Modal>
  );
}
