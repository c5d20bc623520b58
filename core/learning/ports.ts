/** What the learning module needs from the outside world. */

export interface FinishedLesson {
  userId: string;
  moduleId: string;
  lessonId: string;
  finishedAt: Date;
}

/** The lessons each member has finished: one record per member and lesson. */
export interface LessonProgressRepository {
  /** The member's finished lessons, oldest first. */
  finishedBy(userId: string): Promise<FinishedLesson[]>;
  /** 'exists' when the member had already finished this lesson (the first instant is kept). */
  recordFinished(lesson: FinishedLesson): Promise<'recorded' | 'exists'>;
  /** False when the member had not finished it. */
  forget(userId: string, moduleId: string, lessonId: string): Promise<boolean>;
}
