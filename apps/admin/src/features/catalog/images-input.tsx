import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Upload, theme } from 'antd';
import type { UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { IMAGE_UPLOAD_TYPES, imageSrcset, MAX_IMAGE_BYTES } from '@shop/contract';
import type { StoredImageReply } from '@shop/contract';
import { adminApi } from '../../api.ts';
import { showErrorToast } from '../../app/toast.ts';

/** Stores a picture through the staff upload route; resolves with its URL. */
export async function uploadImage(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await adminApi.http.upload<StoredImageReply>('/admin/media', form)).url;
}

interface ImagesInputProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** At most this many pictures (1 for a logo or an icon). */
  max: number;
  /** Accessible name of the upload button. */
  label: string;
  id?: string;
}

/**
 * An ordered list of uploaded pictures with previews: upload (several at once), move earlier or later, remove.
 * With more than one allowed, the first is marked as the cover. Every action is a button, so it works from the
 * keyboard.
 */
export function ImagesInput({ value = [], onChange, max, label, id }: ImagesInputProps) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const [uploading, setUploading] = useState(0);
  const change = (next: string[]) => onChange?.(next);
  const move = (from: number, to: number) => {
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    change(next);
  };

  // Several files may finish in any order, before the form re-renders: each joins the list as it stands then.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (typeof file === 'string') return;
    if (file.size > MAX_IMAGE_BYTES) {
      showErrorToast(intl.formatMessage({ id: 'catalog.images.tooLarge' }));
      onError?.(new Error('too large'));
      return;
    }
    setUploading((n) => n + 1);
    uploadImage(file)
      .then((url) => {
        const next = max === 1 ? [url] : [...latest.current.filter((u) => u !== url), url].slice(0, max);
        latest.current = next;
        change(next);
        onSuccess?.(url);
      })
      .catch((error: unknown) => onError?.(error as Error))
      .finally(() => setUploading((n) => n - 1));
  };

  const name = (index: number) => intl.formatMessage({ id: 'catalog.images.item' }, { index: index + 1 });
  return (
    <div id={id}>
      {value.length > 0 && (
        <ol className="catalog-images" aria-label={label}>
          {value.map((url, index) => (
            <li key={url} className="catalog-images-item" style={{ borderColor: token.colorBorder }}>
              <img
                src={url}
                srcSet={imageSrcset(url)}
                sizes="104px"
                alt={name(index)}
                width={104}
                height={104}
              />
              {max > 1 && index === 0 && (
                <Tag className="catalog-images-cover">
                  {intl.formatMessage({ id: 'catalog.images.cover' })}
                </Tag>
              )}
              <Space size={0} className="catalog-images-actions">
                {max > 1 && (
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowLeftOutlined />}
                    disabled={index === 0}
                    aria-label={intl.formatMessage({ id: 'catalog.images.earlier' }, { name: name(index) })}
                    onClick={() => move(index, index - 1)}
                  />
                )}
                {max > 1 && (
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowRightOutlined />}
                    disabled={index === value.length - 1}
                    aria-label={intl.formatMessage({ id: 'catalog.images.later' }, { name: name(index) })}
                    onClick={() => move(index, index + 1)}
                  />
                )}
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={intl.formatMessage({ id: 'catalog.images.remove' }, { name: name(index) })}
                  onClick={() => change(value.filter((_, i) => i !== index))}
                />
              </Space>
            </li>
          ))}
        </ol>
      )}
      {value.length < max && (
        <Upload
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          multiple={max > 1}
          showUploadList={false}
          customRequest={customRequest}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0}>
            {label}
          </Button>
        </Upload>
      )}
    </div>
  );
}
