import { FORMING_REFRESH_MS } from './get-tontine.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';
import { tontineMemberSchema, type TontineMember } from './tontine-schema.ts';

/** GET /api/tontines/{id}/members: public names, avatars and initials of a group's members. */
export async function getTontineMembers(id: string): Promise<TontineMember[]> {
  return readJson(await apiRequest(`/api/tontines/${encodeURIComponent(id)}/members`), z.array(tontineMemberSchema));
}

export const tontineMembersQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['/api/tontines', id, 'members'], queryFn: () => getTontineMembers(id) });

/** The members as they are now (read again on arrival); `forming`: asked again as the group is (get-tontine.ts). */
export function useTontineMembers(id: string, { forming = false }: { forming?: boolean } = {}) {
  return useQuery({ ...tontineMembersQueryOptions(id), refetchOnMount: 'always', refetchInterval: forming ? FORMING_REFRESH_MS : false });
}
