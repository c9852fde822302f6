import { AppError, Code, returnReasonValues } from '@shop/contract';
import type { CreateReturnBody, OrderDetail, OrderReturn, ReturnReason } from '@shop/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { effects } from '../../api.ts';
import { FormError } from '../../components/field.tsx';
import { useMoney } from '../catalog/price.tsx';
import { useReportFailure } from './failure.ts';
import { useDateTime } from './order-parts.tsx';
import { ORDERS_KEY } from './queries.ts';
import { canReturn, returnableUnits } from './returnable.ts';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from './status.ts';

const NOTE_MAX = 500;

interface LineChoice {
  chosen: boolean;
  quantity: string;
}

/** The reply's own words (already in the page's language), field messages included. */
function failureMessages(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  const fields = error.fields ? Object.values(error.fields).filter((text) => typeof text === 'string') : [];
  return [...new Set([error.message, ...fields])].join(' ');
}

/**
 * "Return items": the shopper picks lines and units (only what is still returnable), a reason and an optional
 * note. An inline section with its own heading; opening it moves focus to the heading, closing it back to the
 * button, so keyboard and screen-reader users stay where they were.
 */
export function ReturnRequest({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const onError = useReportFailure();
  const formId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const wasOpen = useRef(false);
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const units = returnableUnits(order);
  const lines = order.lines.filter((line) => (units.get(line.id) ?? 0) > 0);

  useEffect(() => {
    if (open) headingRef.current?.focus();
    else if (wasOpen.current) openRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const send = useMutation({
    mutationFn: (body: CreateReturnBody) =>
      // Refusals are shown in the form itself, in the words the server chose for the page's language.
      effects.requestReturn(order.id, body, { handles: [Code.validation, Code.refused] }),
    onSuccess: async () => {
      setOpen(false);
      setSent(true);
      setChoices({});
      setReason('');
      setNote('');
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    onError: (error) => {
      const text = failureMessages(error);
      if (
        text &&
        error instanceof AppError &&
        (error.code === Code.validation || error.code === Code.refused)
      ) {
        setProblem(text);
      } else {
        onError(error);
      }
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });

  if (!order.returnableUntil || !canReturn(order)) {
    return sent ? (
      <p role="status" className="field-hint">
        <FormattedMessage id="returns.sent" />
      </p>
    ) : null;
  }

  const choiceOf = (lineId: string): LineChoice => choices[lineId] ?? { chosen: false, quantity: '1' };
  const setChoice = (lineId: string, change: Partial<LineChoice>) =>
    setChoices((all) => ({ ...all, [lineId]: { ...choiceOf(lineId), ...change } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const picked = lines.flatMap((line) => {
      const choice = choiceOf(line.id);
      const quantity = Number(choice.quantity);
      return choice.chosen ? [{ lineId: line.id, quantity, max: units.get(line.id) ?? 0 }] : [];
    });
    if (
      picked.length === 0 ||
      picked.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > line.max)
    ) {
      setProblem(intl.formatMessage({ id: 'returns.needLines' }));
      return;
    }
    if (!reason) {
      setProblem(intl.formatMessage({ id: 'returns.needReason' }));
      return;
    }
    setProblem(null);
    const trimmed = note.trim();
    send.mutate({
      lines: picked.map(({ lineId, quantity }) => ({ lineId, quantity })),
      reason,
      ...(trimmed && { note: trimmed }),
    });
  };

  return (
    <div className="return-request">
      {sent && !open && (
        <p role="status" className="field-hint">
          <FormattedMessage id="returns.sent" />
        </p>
      )}
      <p className="field-hint">
        <FormattedMessage id="returns.until" values={{ date: dateTime(order.returnableUntil) }} />
      </p>
      <button
        ref={openRef}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => {
          setOpen(!open);
          setProblem(null);
          setSent(false);
        }}
      >
        <FormattedMessage id="returns.open" />
      </button>
      {open && (
        <form
          id={formId}
          className="card form return-form"
          aria-labelledby={`${formId}-heading`}
          noValidate
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <h2 id={`${formId}-heading`} ref={headingRef} tabIndex={-1}>
            <FormattedMessage id="returns.heading" />
          </h2>
          <fieldset className="field">
            <legend>
              <FormattedMessage id="returns.lines" />
            </legend>
            <ul className="return-lines">
              {lines.map((line) => {
                const choice = choiceOf(line.id);
                const max = units.get(line.id) ?? 0;
                const checkId = `${formId}-line-${line.id}`;
                return (
                  <li key={line.id} className="return-line">
                    <span className="return-line-choice">
                      <input
                        id={checkId}
                        type="checkbox"
                        checked={choice.chosen}
                        aria-describedby={`${checkId}-meta`}
                        onChange={(event) => setChoice(line.id, { chosen: event.target.checked })}
                      />
                      <label htmlFor={checkId}>{line.name}</label>
                    </span>
                    <span id={`${checkId}-meta`} className="goods-meta">
                      {line.options.length > 0 && `${line.options.join(' / ')} · `}
                      <FormattedMessage id="returns.available" values={{ count: max }} />
                    </span>
                    <span className="return-line-units">
                      <label htmlFor={`${checkId}-units`}>
                        <FormattedMessage id="returns.units" />
                      </label>
                      <input
                        id={`${checkId}-units`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={max}
                        step={1}
                        value={choice.quantity}
                        disabled={!choice.chosen}
                        aria-label={intl.formatMessage({ id: 'returns.unitsOf' }, { name: line.name })}
                        onChange={(event) => setChoice(line.id, { quantity: event.target.value })}
                      />
                    </span>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div className="field">
            <label htmlFor={`${formId}-reason`}>
              <FormattedMessage id="returns.reason" />
            </label>
            <select
              id={`${formId}-reason`}
              value={reason}
              required
              onChange={(event) => setReason(event.target.value as ReturnReason | '')}
            >
              <option value="">{intl.formatMessage({ id: 'returns.chooseReason' })}</option>
              {returnReasonValues.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage({ id: RETURN_REASON_LABELS[value] })}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${formId}-note`}>
              <FormattedMessage id="returns.note" />
            </label>
            <textarea
              id={`${formId}-note`}
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              aria-describedby={`${formId}-note-hint`}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={`${formId}-note-hint`} className="field-hint">
              <FormattedMessage id="returns.noteHint" />
            </p>
          </div>
          <FormError message={problem} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={send.isPending}>
              <FormattedMessage id="returns.submit" />
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** One return: what went back, why, what the shop said, and each step it went through. */
function ReturnCard({ ret }: { ret: OrderReturn }) {
  const intl = useIntl();
  const money = useMoney();
  const dateTime = useDateTime();
  const titleId = `return-${ret.id}`;
  return (
    <article className="return-card" aria-labelledby={titleId}>
      <header className="order-head">
        <h3 id={titleId}>
          <FormattedMessage id="returns.requested" values={{ date: dateTime(ret.createdAt) }} />
        </h3>
        <span className={`status return-status-${ret.status}`}>
          <FormattedMessage id={RETURN_STATUS_LABELS[ret.status]} />
        </span>
      </header>
      <ul className="return-summary">
        {ret.lines.map((line) => (
          <li key={line.lineId}>
            <FormattedMessage id="orders.refund.line" values={{ name: line.name, quantity: line.quantity }} />
            {line.options.length > 0 && <span className="goods-meta"> ({line.options.join(' / ')})</span>}
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage id="returns.reasonLabel" />{' '}
        {intl.formatMessage({ id: RETURN_REASON_LABELS[ret.reason] })}
      </p>
      {ret.note && (
        <p className="order-note">
          <FormattedMessage id="returns.yourNote" /> {ret.note}
        </p>
      )}
      {ret.staffMessage && (
        <p className="order-note">
          <strong>
            <FormattedMessage id="returns.shopMessage" />
          </strong>{' '}
          {ret.staffMessage}
        </p>
      )}
      <p className="goods-meta">
        <FormattedMessage id="returns.value" values={{ amount: money(ret.amount, ret.currency) }} />
      </p>
      <ol className="timeline" aria-label={intl.formatMessage({ id: 'returns.history' })}>
        {ret.history.map((step, index) => (
          <li key={`${step.status}-${index}`}>
            <strong>
              <FormattedMessage id={RETURN_STATUS_LABELS[step.status]} />
            </strong>
            <span className="goods-meta">
              {' '}
              <time dateTime={step.at}>{dateTime(step.at)}</time>
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** The order's returns, oldest first, as the server lists them. */
export function ReturnsList({ returns }: { returns: OrderReturn[] }) {
  if (returns.length === 0) return null;
  return (
    <section className="card" aria-labelledby="order-returns-heading">
      <h2 id="order-returns-heading">
        <FormattedMessage id="returns.title" />
      </h2>
      <div className="stack">
        {returns.map((ret) => (
          <ReturnCard key={ret.id} ret={ret} />
        ))}
      </div>
    </section>
  );
}
