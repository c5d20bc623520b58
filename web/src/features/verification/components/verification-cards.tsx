import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { FacialKycCard } from './facial-kyc-card.tsx';
import { NationalIdCard } from './national-id-card.tsx';

/**
 * The dashboard's Verification tab (spec part 1 §2.6): the national ID card and the facial KYC
 * card. A success refreshes the cached account, so that nidaVerified and kycVerified change
 * everywhere they are shown (the profile page, the loans that a verified ID unlocks).
 */
export function VerificationCards({ nidaVerified, kycVerified }: { nidaVerified: boolean; kycVerified: boolean }) {
  const queryClient = useQueryClient();
  const refreshAccount = useCallback(async () => {
    // By key, not through the users feature: features do not import each other.
    await Promise.all(['/api/user', '/api/profile', '/api/auth/profile-completion'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  }, [queryClient]);
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="verification-cards">
      <NationalIdCard accountVerified={nidaVerified} onVerified={refreshAccount} />
      <FacialKycCard accountVerified={kycVerified} onVerified={refreshAccount} />
    </div>
  );
}
