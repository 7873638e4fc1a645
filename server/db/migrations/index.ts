import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-auth-attempts.ts';
import * as m0003 from './0003-search.ts';
import * as m0004 from './0004-privacy-indexes.ts';
import * as m0005 from './0005-fold-more-letters.ts';
import * as m0006 from './0006-spent-ids.ts';
import * as m0007 from './0007-course-finished.ts';
import * as m0008 from './0008-scheduled-runs.ts';
import * as m0009 from './0009-showcase.ts';
import * as m0010 from './0010-certificates.ts';
import * as m0011 from './0011-spend-demo-post-ids.ts';
import * as m0012 from './0012-schema-readers.ts';
import * as m0013 from './0013-academy-identity.ts';
import * as m0014 from './0014-student-imports.ts';

/**
 * A step, and whether the release before it runs on the schema it leaves (`olderReleasesRun`: it
 * only adds what older code ignores, an expand step). A step that drops or renames what an older
 * release reads (a contract step) leaves it unset, and ships a release after its expand step.
 */
export type Step = Migration & { olderReleasesRun?: boolean };

/** Every migration, in order. Names are stored in the database: never rename one that shipped. */
export const migrations: Record<string, Step> = {
  '0001-initial': m0001,
  '0002-auth-attempts': m0002,
  '0003-search': m0003,
  '0004-privacy-indexes': m0004,
  '0005-fold-more-letters': m0005,
  '0006-spent-ids': m0006,
  '0007-course-finished': m0007,
  '0008-scheduled-runs': m0008,
  '0009-showcase': m0009,
  '0010-certificates': m0010,
  '0011-spend-demo-post-ids': m0011,
  '0012-schema-readers': m0012,
  '0013-academy-identity': m0013,
  '0014-student-imports': m0014,
};
