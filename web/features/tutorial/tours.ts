import type { Catalogue } from '#shared/locales/vi';
import type { MessageKey } from '../../lib/messages.ts';
import type { TourKey, TourStep } from './tour-machine.ts';

/** A tutorial text of the catalogue: what a step's title and content name. */
export type TourTextKey = MessageKey<Catalogue> & `tutorial.${string}`;

/*
 * The four tours for instructors. Targets are `data-tour` names on the screens; titles and
 * texts are keys of the catalogue (tutorial.*).
 */

const step = <Tour extends TourKey>(
  tour: Tour,
  name: keyof Catalogue['tutorial'][Tour] & string,
  target: string,
  extra: Partial<TourStep> = {},
): TourStep => ({
  target,
  title: `tutorial.${tour}.${name}.title` as TourTextKey,
  content: `tutorial.${tour}.${name}.content` as TourTextKey,
  position: 'bottom',
  ...extra,
});

export const TOURS: Record<TourKey, readonly TourStep[]> = {
  activity: [
    step('activity', 'post', 'create-post'),
    step('activity', 'search', 'feed-search'),
    step('activity', 'filters', 'feed-filters'),
    step('activity', 'notifications', 'nav-notifications', { position: 'top' }),
  ],
  students: [
    step('students', 'search', 'student-search'),
    step('students', 'add', 'add-student', { awaitsAction: 'student-created' }),
    step('students', 'list', 'student-list', { position: 'top' }),
  ],
  courses: [
    step('courses', 'search', 'course-search'),
    step('courses', 'add', 'add-course', { awaitsAction: 'open-add-course-modal' }),
    step('courses', 'form', 'course-form', {
      awaitsAction: 'course-created',
      position: 'top',
      inDialog: true,
    }),
    step('courses', 'grid', 'course-list', { position: 'top' }),
  ],
  courseDetail: [step('courseDetail', 'tabs', 'course-tabs')],
};
