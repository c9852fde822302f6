import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AuditEntry } from '@shop/contract';
import { actorName, sentenceId, subjectPath, subjectText } from './sentence.ts';

/**
 * One audit entry as a sentence in the reader's language, "Ana created coupon “SUMMER10”", the thing acted on
 * linked to its page where it has one the reader may open.
 */
export function AuditSentence({ entry, staffPages }: { entry: AuditEntry; staffPages: boolean }) {
  const intl = useIntl();
  const name = subjectText(entry.subject);
  const path = name === null ? null : subjectPath(entry, { staffPages });
  const subject: ReactNode =
    name === null ? (
      <em>{intl.formatMessage({ id: 'audit.subject.unknown' })}</em>
    ) : path ? (
      <Link to={path}>{name}</Link>
    ) : (
      name
    );
  return (
    <span className="admin-audit-sentence">
      <FormattedMessage
        id={sentenceId(entry)}
        values={{ actor: <strong>{actorName(entry)}</strong>, subject }}
      />
    </span>
  );
}
