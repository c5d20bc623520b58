import type { LearningFigures } from '../api/get-learning-figures.ts';

export interface LessonText {
  title: string;
  steps: string[];
  tips: string[];
}

export interface ModuleText {
  title: string;
  description: string;
  lessons: Record<string, LessonText>;
}

/** How a language writes the figures: amounts in francs, a percent, a weekday. */
export interface FigureFormat {
  rwf(francs: number): string;
  percent(value: number): string;
}

/** The six modules' words in one language, the figures written in from the server's rules. */
export type EducationContent = (f: LearningFigures, fmt: FigureFormat) => Record<string, ModuleText>;
