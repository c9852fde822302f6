import { PageContainer } from '@ant-design/pro-components';
import { useLocation } from 'react-router';
import { useIntl } from 'react-intl';
import { ResultPanel } from '../../../components/result-panel.tsx';
import type { SubmissionResult } from '../../../components/result-panel.tsx';

/** "Submission Success", with what the submitting page passed in the history state (see ResultPanel). */
export default function SuccessPage() {
  const intl = useIntl();
  const state = (useLocation().state ?? null) as SubmissionResult | null;
  const result: SubmissionResult = state ?? {
    description: intl.formatMessage({ id: 'result.success.empty' }),
  };
  return (
    <PageContainer title={false}>
      <div className="admin-panel">
        <ResultPanel kind="success" result={result} />
      </div>
    </PageContainer>
  );
}
