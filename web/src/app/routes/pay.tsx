import { useParams } from 'react-router-dom';
import { PayPage } from '../../features/merchants/components/pay-page.tsx';

/** /pay/{merchantCode}: the public pay page a merchant's QR code opens; no account needed. */
export default function PayRoute() {
  const { merchantCode = '' } = useParams();
  // Remount for another merchant so that nothing typed for one is sent to the other.
  return <PayPage key={merchantCode} merchantCode={merchantCode.toUpperCase()} />;
}
