import { ExceptionPanel } from '../../../components/exception-panel.tsx';

export default function Exception404Page() {
  return <ExceptionPanel status="404" />;
}
