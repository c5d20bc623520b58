import { describe, expect, it } from 'vitest';
import { LEARNING_MODULES, lessonExists } from './lesson-catalogue.ts';
import { FinishLesson, ForgetLesson, ListFinishedLessons } from './lesson-progress.ts';
import type { FinishedLesson, LessonProgressRepository } from './ports.ts';

class InMemoryLessonProgress implements LessonProgressRepository {
  readonly rows: FinishedLesson[] = [];
  async finishedBy(userId: string) {
    return this.rows.filter((row) => row.userId === userId);
  }
  async recordFinished(lesson: FinishedLesson) {
    if (this.rows.some((row) => row.userId === lesson.userId && row.moduleId === lesson.moduleId && row.lessonId === lesson.lessonId)) return 'exists' as const;
    this.rows.push(lesson);
    return 'recorded' as const;
  }
  async forget(userId: string, moduleId: string, lessonId: string) {
    const index = this.rows.findIndex((row) => row.userId === userId && row.moduleId === moduleId && row.lessonId === lessonId);
    if (index < 0) return false;
    this.rows.splice(index, 1);
    return true;
  }
}

function setup() {
  const progress = new InMemoryLessonProgress();
  let now = new Date('2026-11-24T08:00:00Z');
  const clock = { now: () => now };
  return {
    progress,
    later: () => (now = new Date(now.getTime() + 60_000)),
    finish: new FinishLesson({ progress, clock }),
    forget: new ForgetLesson({ progress }),
    list: new ListFinishedLessons({ progress }),
  };
}

describe('lesson progress', () => {
  it('the catalogue has the six modules of the specification, each lesson id unique in its module', () => {
    expect(LEARNING_MODULES.map((m) => m.id)).toEqual(['tontines', 'loans', 'payments', 'agent-network', 'merchant-services', 'ai-assistant']);
    for (const module of LEARNING_MODULES) expect(new Set(module.lessons).size).toBe(module.lessons.length);
    expect(lessonExists('loans', 'loan-limit')).toBe(true);
    expect(lessonExists('loans', 'what-is-a-tontine')).toBe(false);
  });

  it('finishing a lesson twice keeps the first instant and answers exists', async () => {
    const { finish, list, later } = setup();
    expect(await finish.execute({ userId: 'u1', moduleId: 'tontines', lessonId: 'what-is-a-tontine' })).toEqual({ ok: true, value: 'recorded' });
    later();
    expect(await finish.execute({ userId: 'u1', moduleId: 'tontines', lessonId: 'what-is-a-tontine' })).toEqual({ ok: true, value: 'exists' });
    const finished = await list.execute({ userId: 'u1' });
    expect(finished).toHaveLength(1);
    expect(finished[0]!.finishedAt.toISOString()).toBe('2026-11-24T08:00:00.000Z');
  });

  it('only lessons of the catalogue can be finished or taken back, and nothing is recorded then', async () => {
    const { finish, forget, progress } = setup();
    expect(await finish.execute({ userId: 'u1', moduleId: 'tontines', lessonId: 'nope' })).toEqual({ ok: false, error: 'lesson_not_found' });
    expect(await forget.execute({ userId: 'u1', moduleId: 'nope', lessonId: 'ussd' })).toEqual({ ok: false, error: 'lesson_not_found' });
    expect(progress.rows).toEqual([]);
  });

  it("each member reads and takes back only their own progress", async () => {
    const { finish, forget, list } = setup();
    await finish.execute({ userId: 'u1', moduleId: 'payments', lessonId: 'ussd' });
    await finish.execute({ userId: 'u2', moduleId: 'payments', lessonId: 'ussd' });
    expect(await forget.execute({ userId: 'u1', moduleId: 'payments', lessonId: 'ussd' })).toEqual({ ok: true, value: 'forgotten' });
    expect(await forget.execute({ userId: 'u1', moduleId: 'payments', lessonId: 'ussd' })).toEqual({ ok: true, value: 'not_finished' });
    expect(await list.execute({ userId: 'u1' })).toEqual([]);
    expect((await list.execute({ userId: 'u2' })).map((l) => l.lessonId)).toEqual(['ussd']);
  });
});
