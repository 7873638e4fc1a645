/**
 * The thread that answers SQLite searches (search-thread.ts): its own read-only connection to
 * the server's database file, so a search's trigram lookups run beside the event loop, not on
 * it. Built as its own entry (dist/server/search-worker.mjs).
 */
import { workerData } from 'node:worker_threads';
import { openSqliteReader } from '../../db/database.ts';
import type { CourseVisibility } from '../courses/courses.repository.ts';
import { type SearchHits, type SearchNeedle, searchKinds } from './search.repository.ts';

export interface SearchTask {
  needle: SearchNeedle;
  visibility: CourseVisibility;
  limits: Parameters<typeof searchKinds>[3];
}

const reader = openSqliteReader((workerData as { file: string }).file);

export default function searchTask(task: SearchTask): Promise<SearchHits> {
  return searchKinds(reader, task.needle, task.visibility, task.limits);
}
