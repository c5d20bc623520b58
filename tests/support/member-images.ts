/**
 * The member's stored images in tests: an in-memory MemberImages (core/identity/identity.fixtures.ts)
 * bound to TOKENS.MemberImages, which the uploads module binds in the app.
 *
 * `bindMemberImagesIfMissing`: where the app is built without the uploads module (the national ID
 * branch before it is merged with the uploads branch), the routes that need images still resolve.
 * Once the uploads module binds the token it does nothing, and the tests run the real adapter.
 */
import type { Container } from 'inversify';
import { InMemoryMemberImages } from '../../core/identity/identity.fixtures.ts';
import type { MemberImages } from '../../core/uploads/ports.ts';
import { TOKENS } from '../../apps/tokens.ts';

export function bindMemberImagesIfMissing(container: Container): void {
  if (!container.isBound(TOKENS.MemberImages)) container.bind(TOKENS.MemberImages).toConstantValue(new InMemoryMemberImages());
}

/** Binds `images` in place of whatever the app bound (a test that needs to place images itself). */
export function useMemberImages<T extends MemberImages>(container: Container, images: T): T {
  if (container.isBound(TOKENS.MemberImages)) container.rebind(TOKENS.MemberImages).toConstantValue(images);
  else container.bind(TOKENS.MemberImages).toConstantValue(images);
  return images;
}
