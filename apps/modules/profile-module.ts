/**
 * The profile's wiring (core/accounts/update-profile.ts): the member's own profile edit over the
 * accounts, the USSD keys (a changed phone number ends the member's USSD access), the audit trail
 * and the outbox; the account's language. `profileRouteUseCases` hands the profile routes what they call.
 */
import type { Container } from 'inversify';
import { ContainerModule } from 'inversify';
import { ChangeLanguage } from '../../core/accounts/change-language.ts';
import { UpdateProfile } from '../../core/accounts/update-profile.ts';
import { servesAlso, withDeps } from '../deps.ts';
import type { ProfileRouteUseCases } from '../http/profile-routes.ts';
import { TOKENS } from '../tokens.ts';

export function profileRouteUseCases(container: Container): ProfileRouteUseCases {
  return { updateProfile: container.get(UpdateProfile), changeLanguage: container.get(ChangeLanguage) };
}

export const profileModule = new ContainerModule(({ bind }) => {
  servesAlso(bind, TOKENS.UssdPhoneKeys, TOKENS.UssdPins);
  bind(UpdateProfile).toResolvedValue(
    ...withDeps(UpdateProfile, {
      accounts: TOKENS.AccountRepository,
      phones: TOKENS.UssdPhoneKeys,
      audit: TOKENS.AuditTrail,
      outbox: TOKENS.Outbox,
      uow: TOKENS.UnitOfWork,
      clock: TOKENS.Clock,
      publicBaseUrl: TOKENS.PublicBaseUrl,
    }),
  );
  // The web's language menu and the USSD menu's Language item both call it.
  bind(ChangeLanguage).toResolvedValue(
    ...withDeps(ChangeLanguage, { accounts: TOKENS.AccountRepository, uow: TOKENS.UnitOfWork, clock: TOKENS.Clock }),
  );
});
