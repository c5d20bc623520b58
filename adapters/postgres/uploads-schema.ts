/**
 * Persistence mapping of the uploads module (core/uploads): one row per object a member was given
 * an upload address for (or the server stored for them). Read and written with SQL by
 * postgres-stored-objects.ts; the schema keeps the migrations' diff honest.
 *
 * Constraints (Migration20261123110000): a `stored` row has its type and size; an upload id
 * belongs to one object; the owner's rows go with the account.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../../core/accounts/user.ts';

export class StoredObjectRow {
  id!: string;
  ownerId!: string;
  visibility!: 'private' | 'public';
  status!: 'pending' | 'stored';
  contentType!: string | null;
  size!: number | null;
  uploadId!: string | null;
  createdAt!: Date;
  expiresAt!: Date;
  storedAt!: Date | null;
}

export const StoredObjectSchema = defineEntity({
  class: StoredObjectRow,
  tableName: 'stored_objects',
  indexes: [{ name: 'stored_objects_owner_created_index', properties: ['ownerId', 'createdAt'] }],
  properties: {
    id: p.uuid().primary(),
    ownerId: () => p.manyToOne(User).mapToPk().fieldName('owner_id').deleteRule('cascade'),
    visibility: p.enum(['private', 'public']),
    status: p.enum(['pending', 'stored']),
    contentType: p.enum(['image/jpeg', 'image/png', 'image/webp']).nullable(),
    size: p.integer().nullable(),
    uploadId: p.string().length(1024).nullable().unique('stored_objects_upload_id_unique'),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    storedAt: p.datetime().nullable(),
  },
});
