/**
 * Once per integration run, with DATABASE_URL: migrate one template database that every test
 * file's database is copied from (template-database.ts), and drop it afterwards.
 * Without DATABASE_URL (embedded PGlite, `npm run test:embedded`) there is nothing to do.
 */
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase } from './template-database.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return undefined;
  const template = await createTemplateDatabase(adminUrl);
  project.provide('templateDatabase', template.name);
  return template.drop;
}
