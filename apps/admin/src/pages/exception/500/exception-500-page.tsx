import { ExceptionPanel } from '../../../components/exception-panel.tsx';

export default function Exception500Page() {
  return <ExceptionPanel status="500" />;
}
