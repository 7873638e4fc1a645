import { errorMessage } from '#shared/errors';
import { NOTHING_ALLOWED } from '#shared/nothing-allowed';
import type { Me, MeCan } from '#shared/schemas/accounts';
import { mayManageAcademy } from '../../policies/admin-tools.ts';
import { newCourseOf } from '../../policies/course.ts';
import { mayListInstructors } from '../../policies/instructor.ts';
import { mayCreatePost } from '../../policies/post.ts';
import { mayListStudents, mayManageStudents } from '../../policies/student.ts';
import { isAdmin, type Who } from '../../policies/who.ts';
import { avatarUrl } from '../media/avatar.ts';
import type { Viewer } from './accounts.service.ts';

/** The /api/me answer for a viewer: state, person and what the interface may offer. */
export function describeMe(viewer: Viewer): Me {
  switch (viewer.kind) {
    case 'anonymous':
      // A visitor is a guest (a viewer the policies know) only while guest mode is on.
      return {
        state: 'anonymous',
        guestMode: viewer.guestMode,
        can: viewer.guestMode ? meCan(null) : NOTHING_ALLOWED,
      };
    case 'new':
      return { state: 'new', email: viewer.email, studentProfile: viewer.studentProfile };
    case 'refused':
      return {
        state: 'refused',
        code: viewer.refusal.code,
        message: errorMessage(viewer.refusal.code, viewer.refusal.values),
      };
    case 'member': {
      const { person } = viewer;
      return {
        state: 'member',
        person: {
          id: person.id,
          name: person.name,
          role: person.role,
          status: person.status,
          email: person.email,
          avatarUrl: person.avatar_url ?? avatarUrl(person.name),
        },
        can: meCan(person),
      };
    }
  }
}

/** What a member (or a guest, `null`) may do across the app, from the policies the server acts on. */
export function meCan(who: Who): MeCan {
  const newCourse = newCourseOf(who);
  return {
    manageUsers: mayManageAcademy(who),
    seeInstructors: mayListInstructors(who),
    teach: mayCreatePost(who),
    seeStudents: mayListStudents(who),
    manageStudents: mayManageStudents(who),
    createCourses: newCourse ? (newCourse.status === 'active' ? 'add' : 'propose') : null,
    approveCourses: isAdmin(who),
  };
}
