import { VERIFICATION_CODE_INTERVAL_MS } from '@shop/contract';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { showToast } from '../toast/toast-store.ts';

interface SendCodeButtonProps {
  /** The phone in international form, or `null` when the field is not valid yet (the form then shows why). */
  phone: () => string | null;
  onFailure: (error: unknown) => void;
}

/** Sends a verification code by text message, then counts down 60 s before another may be sent. */
export function SendCodeButton({ phone, onFailure }: SendCodeButtonProps) {
  const intl = useIntl();
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(0);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const seconds = until === 0 ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

  const send = async () => {
    const target = phone();
    if (!target) return;
    setSending(true);
    try {
      await effects.sendCode({ phone: target });
      const time = Date.now();
      setNow(time);
      setUntil(time + VERIFICATION_CODE_INTERVAL_MS);
      showToast(intl.formatMessage({ id: 'register.codeSent' }), { tone: 'success' });
    } catch (error) {
      onFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <button type="button" className="button" disabled={sending || seconds > 0} onClick={send}>
      {seconds > 0 ? (
        <FormattedMessage id="register.resendIn" values={{ seconds }} />
      ) : (
        <FormattedMessage id="register.sendCode" />
      )}
    </button>
  );
}
