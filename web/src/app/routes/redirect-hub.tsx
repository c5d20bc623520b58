import { useTranslation } from '../../lib/use-translation.ts';
import { Navigate } from 'react-router-dom';
import { useMyAgent } from '../../features/agents/api/get-my-agent.ts';
import { useMyMerchant } from '../../features/merchants/api/get-my-merchant.ts';
import { PageSpinner } from '../layout/page-spinner.tsx';

/**
 * Signed-in / (spec part 2 route table): agents go to their dashboard first, then merchants to
 * theirs, everyone else to /dashboard. A failed lookup counts as no profile.
 */
export default function RedirectHub() {
  const { t } = useTranslation();
  const agent = useMyAgent({ enabled: true });
  const agentSettled = agent.isSuccess || agent.isError;
  const isAgent = agent.isSuccess && agent.data !== null;
  const merchant = useMyMerchant({ enabled: agentSettled && !isAgent });
  const merchantSettled = merchant.isSuccess || merchant.isError;

  if (isAgent) return <Navigate to="/agent/dashboard" replace />;
  if (!agentSettled || !merchantSettled) return <PageSpinner label={t('hub.loading')} />;
  if (merchant.isSuccess && merchant.data !== null) return <Navigate to="/merchant/dashboard" replace />;
  return <Navigate to="/dashboard" replace />;
}
