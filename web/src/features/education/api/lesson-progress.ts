import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiRequest, readJson } from '../../../lib/api-client.ts';

/**
 * The lessons a member has finished: on the server for a signed-in member
 * (GET/POST /api/education/progress, their own only), in this browser's local storage for a
 * visitor (`ikimina_lessons`). A lesson is named `moduleId/lessonId`.
 */
const progressSchema = z.object({ finished: z.array(z.object({ module: z.string(), lesson: z.string(), finishedAt: z.string() })) });

export const VISITOR_PROGRESS_KEY = 'ikimina_lessons';
export const lessonKey = (moduleId: string, lessonId: string) => `${moduleId}/${lessonId}`;

const toKeys = (body: z.infer<typeof progressSchema>) => body.finished.map((l) => lessonKey(l.module, l.lesson));

function readVisitorProgress(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(VISITOR_PROGRESS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

async function getProgress(signedIn: boolean): Promise<string[]> {
  if (!signedIn) return readVisitorProgress();
  return toKeys(await readJson(await apiRequest('/api/education/progress'), progressSchema));
}

export interface SetLessonInput {
  moduleId: string;
  lessonId: string;
  finished: boolean;
}

async function setProgress(signedIn: boolean, input: SetLessonInput): Promise<string[]> {
  if (signedIn) return toKeys(await readJson(await apiRequest('/api/education/progress', { method: 'POST', body: { module: input.moduleId, lesson: input.lessonId, finished: input.finished } }), progressSchema));
  const key = lessonKey(input.moduleId, input.lessonId);
  const keys = new Set(readVisitorProgress());
  if (input.finished) keys.add(key);
  else keys.delete(key);
  localStorage.setItem(VISITOR_PROGRESS_KEY, JSON.stringify([...keys]));
  return [...keys];
}

const progressQueryOptions = (signedIn: boolean) => queryOptions({ queryKey: ['/api/education/progress', signedIn], queryFn: () => getProgress(signedIn) });

export function useLessonProgress(signedIn: boolean) {
  return useQuery(progressQueryOptions(signedIn));
}

export function useSetLessonProgress(signedIn: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetLessonInput) => setProgress(signedIn, input),
    onSuccess: (keys) => client.setQueryData(progressQueryOptions(signedIn).queryKey, keys),
  });
}
