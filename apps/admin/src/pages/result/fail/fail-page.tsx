import { PageContainer } from '@ant-design/pro-components';
import { useLocation } from 'react-router';
import { ResultPanel } from '../../../components/result-panel.tsx';
import type { SubmissionResult } from '../../../components/result-panel.tsx';

/** "Submission Failed", listing the messages the submitting page passed in the history state. */
export default function FailPage() {
  const state = (useLocation().state ?? null) as SubmissionResult | null;
  return (
    <PageContainer title={false}>
      <div className="admin-panel">
        <ResultPanel kind="fail" result={state ?? {}} />
      </div>
    </PageContainer>
  );
}
