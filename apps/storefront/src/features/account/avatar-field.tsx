import { useEffect, useState } from 'react';
import type { ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AVATAR_TYPES } from '@shop/contract';
import { checkAvatarContents, checkAvatarFile } from './avatar-file.ts';
import { useContractText } from './contract-text.ts';

/** The avatar the profile form will save: a new file (with its preview URL), none, or no change. */
export type AvatarChange =
  { kind: 'keep' } | { kind: 'upload'; file: File; preview: string } | { kind: 'remove' };

interface AvatarFieldProps {
  id: string;
  /** The saved avatar's URL, or '' for none. */
  current: string;
  change: AvatarChange;
  onChange: (change: AvatarChange) => void;
  /** The server's refusal of the last upload, if any. */
  error: string | undefined;
}

/**
 * Choose a profile photo (PNG, JPEG or WebP, at most 2 MB, checked before anything is sent) and see it before
 * saving; or remove the current one. The file input is the control keyboard and screen-reader users reach; its
 * label is the visible button.
 */
export function AvatarField({ id, current, change, onChange, error }: AvatarFieldProps) {
  const intl = useIntl();
  const text = useContractText();
  const [refusal, setRefusal] = useState<string | undefined>();
  const preview = change.kind === 'upload' ? change.preview : null;
  // A preview's object URL holds the file in memory until released: when another replaces it, or on leaving.
  useEffect(() => {
    if (preview) return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const shown = change.kind === 'upload' ? preview : change.kind === 'remove' ? null : current || null;
  const message = refusal ?? error;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a refusal or an undo.
    event.target.value = '';
    if (!file) return;
    // The name's type first (a quick answer), then the bytes and a decode: a text file named .png is no picture.
    const problem = checkAvatarFile(file) ?? (await checkAvatarContents(file));
    setRefusal(problem && text(problem));
    // No preview of a file that cannot be one.
    if (problem) return;
    onChange({ kind: 'upload', file, preview: URL.createObjectURL(file) });
  };

  return (
    <fieldset className={message ? 'field field-invalid' : 'field'}>
      <legend>
        <FormattedMessage id="user.avatar" />
      </legend>
      <div className="avatar-row">
        {shown ? (
          <img
            className="avatar"
            src={shown}
            alt={intl.formatMessage({
              id: change.kind === 'upload' ? 'user.avatarPreview' : 'user.avatarCurrent',
            })}
            width={80}
            height={80}
          />
        ) : (
          <span className="avatar avatar-empty" aria-hidden="true" />
        )}
        <div className="avatar-actions">
          <input
            id={id}
            type="file"
            className="visually-hidden file-input"
            accept={AVATAR_TYPES.join(',')}
            onChange={(event) => void choose(event)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <label htmlFor={id} className="button">
            <FormattedMessage id="user.avatarChoose" />
          </label>
          {change.kind !== 'keep' ? (
            <button
              type="button"
              className="button button-link"
              onClick={() => {
                setRefusal(undefined);
                onChange({ kind: 'keep' });
              }}
            >
              <FormattedMessage id="user.avatarUndo" />
            </button>
          ) : (
            current && (
              <button
                type="button"
                className="button button-link"
                onClick={() => onChange({ kind: 'remove' })}
              >
                <FormattedMessage id="user.avatarRemove" />
              </button>
            )
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        <FormattedMessage id="user.avatarHint" />
      </p>
      {message && (
        <p id={`${id}-error`} className="field-error">
          {message}
        </p>
      )}
    </fieldset>
  );
}
