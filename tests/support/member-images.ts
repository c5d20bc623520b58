/**
 * The member's stored images in a test that must place them itself (say, a register photo the
 * test controls): an in-memory MemberImages (core/identity/identity.fixtures.ts) in place of the
 * uploads module's.
 */
import type { Container } from 'inversify';
import { InMemoryMemberImages } from '../../core/identity/identity.fixtures.ts';
import type { MemberImages } from '../../core/uploads/ports.ts';
import { TOKENS } from '../../apps/tokens.ts';

/** Binds `images` in place of whatever the app bound (a test that needs to place images itself). */
export function useMemberImages<T extends MemberImages>(container: Container, images: T): T {
  if (container.isBound(TOKENS.MemberImages)) container.rebind(TOKENS.MemberImages).toConstantValue(images);
  else container.bind(TOKENS.MemberImages).toConstantValue(images);
  return images;
}
