import { AppError, Code } from '@shop/contract';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '../i18n/message-id.ts';
import { Result } from './result.tsx';

/** The server answers 404 for an API route it does not have yet: that part of the shop is still to come. */
export function isNotYetAvailable(error: unknown): boolean {
  return error instanceof AppError && error.code === Code.notFound;
}

/** An honest notice for a part of the shop that arrives in a coming release; never placeholder data. */
export function ComingSoon({ title, text }: { title: MessageId; text: MessageId }) {
  return (
    <Result
      tone="info"
      title={<FormattedMessage id={title} />}
      actions={
        <Link to="/" className="button button-primary">
          <FormattedMessage id="common.backHome" />
        </Link>
      }
    >
      <p>
        <FormattedMessage id={text} />
      </p>
    </Result>
  );
}
