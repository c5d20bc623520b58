/**
 * How a refused image is answered, for every route that takes a member's photo (uploads, the
 * profile photo, and the NIDA and KYC photo routes): the codes of MemberImages.ownedImage with
 * their HTTP status from the one table (errors.ts), and words about photos rather than JSON for
 * `unsupported_media_type` (the table's entry speaks of request bodies).
 */
import type { Context } from 'koa';
import { sendError, type ErrorCode } from './errors.ts';

export const IMAGE_ONLY = 'Only photos are accepted: a JPEG, PNG or WebP image of at most 5 MB.';

export function sendUploadError(ctx: Context, code: ErrorCode): void {
  sendError(ctx, code, code === 'unsupported_media_type' ? { message: IMAGE_ONLY } : {});
}
