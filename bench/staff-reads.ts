/**
 * What staff open between classes, over HTTP on the feed's large academy (bench/feed.ts seeds
 * it and starts the server): the student list filtered to a course in Vietnamese name order, and
 * a course's statistics tab. For each, the unloaded latency (one request at a time, every course
 * in turn) and the throughput at 50 connections (a course at random per request).
 */
import { load, oneAtATime } from './served.ts';

export async function measureStaffReads(base: string, cookie: string, courseIds: string[]) {
  const measure = async (paths: string[]) => ({
    unloaded: await oneAtATime(base, cookie, paths, 4),
    at50: await load({ url: base, cookie, connections: 50, duration: 10, paths }),
  });
  return {
    studentList: await measure(
      courseIds.map((id) => `/api/students?courseIds=${id}&sort=name&page=0`),
    ),
    courseStatistics: await measure(courseIds.map((id) => `/api/courses/${id}/statistics`)),
  };
}
