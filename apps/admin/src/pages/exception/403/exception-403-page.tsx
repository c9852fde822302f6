import { ExceptionPanel } from '../../../components/exception-panel.tsx';

export default function Exception403Page() {
  return <ExceptionPanel status="403" />;
}
