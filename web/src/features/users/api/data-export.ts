import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch, readJson, throwServerError } from '../../../lib/api-client.ts';

const exportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready']),
  requestedAt: z.string(),
  readyAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  files: z.nullable(z.object({ json: z.string(), pdf: z.string() })),
});
export type DataExport = z.infer<typeof exportSchema>;

/** While the export is prepared (the server's job runs every minute). */
const EXPORT_POLL_MS = 5_000;

/** The last export this browser asked for: there is no list of exports, and one is enough (7 days). */
const STORED_EXPORT = 'ikimina.dataExport';

export const storedExportId = (): string | null => localStorage.getItem(STORED_EXPORT);
export const forgetExport = (): void => localStorage.removeItem(STORED_EXPORT);

/** GET /api/me/export/{id}: the member's own export; a 404 or 410 (expired) is raised with its code. */
async function getDataExport(id: string): Promise<DataExport> {
  const response = await apiFetch(`/api/me/export/${encodeURIComponent(id)}`);
  if (!response.ok) return throwServerError(response);
  return readJson(response, exportSchema);
}

export const dataExportQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['/api/me/export', id],
    queryFn: () => getDataExport(id!),
    enabled: id !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXPORT_POLL_MS : false),
  });

export function useDataExport(id: string | null) {
  return useQuery(dataExportQueryOptions(id));
}

/** POST /api/me/export → 202 {id}; the id is kept in this browser to follow the export. */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const response = await apiFetch('/api/me/export', { method: 'POST' });
      if (!response.ok) return throwServerError(response);
      return readJson(response, z.object({ id: z.string() })).then((body) => body.id);
    },
    onSuccess: async (id) => {
      localStorage.setItem(STORED_EXPORT, id);
      await queryClient.invalidateQueries({ queryKey: ['/api/me/export', id] });
    },
  });
}
