import { CloseCircleOutlined } from '@ant-design/icons';
import { Button, Descriptions, Result, Typography } from 'antd';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import type { NavigateFunction } from 'react-router';

/** A link the result page offers: where it goes (a back-office path such as `/list/goods`) and its text. */
export interface ResultAction {
  to: string;
  /** Already translated; defaults to the template's text ("Back to list", "View", "Return to modify"). */
  label?: string;
}

/**
 * What a page tells the result page after a submission. Everything is plain data (it travels in the history
 * state) and already translated.
 */
export interface SubmissionResult {
  /** Defaults to "Submission Success" / "Submission Failed". */
  title?: string;
  /** Defaults to the template's description. */
  description?: string;
  /** Rows shown under the title, e.g. the new record's name and id. */
  details?: { label: string; value: string }[];
  /** Fail only: the messages listed under "The content you submitted has the following error:". */
  errors?: string[];
  /** Success: "Back to list"; fail: "Return to modify". */
  back?: ResultAction;
  /** Success only: "View" the record. */
  view?: ResultAction;
}

export const RESULT_SUCCESS_PATH = '/result/success';
export const RESULT_FAIL_PATH = '/result/fail';

/** After a successful submission: the success page with this outcome (replaces the form in history). */
export function showSubmissionSuccess(navigate: NavigateFunction, result: SubmissionResult): void {
  void navigate(RESULT_SUCCESS_PATH, { state: result, replace: true });
}

/** After a submission the server refused: the fail page with these messages ("Return to modify" goes back). */
export function showSubmissionFailure(navigate: NavigateFunction, result: SubmissionResult): void {
  void navigate(RESULT_FAIL_PATH, { state: result });
}

/**
 * The template's result pages (spec §8) as a component: the result pages render it from the history state,
 * and a step form may render it in place as its last step (`<ResultPanel kind="success" … />`).
 */
export function ResultPanel({ kind, result }: { kind: 'success' | 'fail'; result: SubmissionResult }) {
  const navigate = useNavigate();
  const go = (action: ResultAction) => void navigate(action.to);
  const title = result.title ?? (kind === 'success' ? 'result.success.title' : 'result.fail.error.title');
  const description =
    result.description ??
    (kind === 'success' ? 'result.success.description' : 'result.fail.error.description');

  const actions =
    kind === 'success' ? (
      <>
        {result.back && (
          <Button type="primary" onClick={() => go(result.back!)}>
            {result.back.label ?? <FormattedMessage id="result.success.btn-return" />}
          </Button>
        )}
        {result.view && (
          <Button onClick={() => go(result.view!)}>
            {result.view.label ?? <FormattedMessage id="result.success.btn-view" />}
          </Button>
        )}
        <Button onClick={() => window.print()}>
          <FormattedMessage id="result.success.btn-print" />
        </Button>
      </>
    ) : (
      <Button type="primary" onClick={() => (result.back ? go(result.back) : void navigate(-1))}>
        {result.back?.label ?? <FormattedMessage id="result.fail.error.btn-text" />}
      </Button>
    );

  const hasHints = kind === 'fail' && (result.errors?.length ?? 0) > 0;

  return (
    <Result
      status={kind === 'success' ? 'success' : 'error'}
      title={<h1 className="admin-result-title">{result.title ?? <FormattedMessage id={title} />}</h1>}
      subTitle={result.description ?? <FormattedMessage id={description} />}
      extra={actions}
    >
      {result.details && result.details.length > 0 && (
        <Descriptions
          column={1}
          items={result.details.map((row, index) => ({ key: index, label: row.label, children: row.value }))}
        />
      )}
      {hasHints && (
        <div className="admin-result-hints">
          <Typography.Paragraph>
            <Typography.Text strong>
              <FormattedMessage id="result.fail.error.hint-title" />
            </Typography.Text>
          </Typography.Paragraph>
          <ul className="admin-result-errors">
            {result.errors?.map((text) => (
              <li key={text}>
                <CloseCircleOutlined className="admin-result-error-icon" aria-hidden /> {text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Result>
  );
}
