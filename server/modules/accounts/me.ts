import { errorMessage } from '#shared/errors';
import { isStaff } from '#shared/roles';
import type { Me } from '#shared/schemas/accounts';
import { avatarUrl } from '../media/avatar.ts';
import type { Viewer } from './accounts.service.ts';

/** The /api/me answer for a viewer: state, person and what the interface may offer. */
export function describeMe(viewer: Viewer): Me {
  switch (viewer.kind) {
    case 'anonymous':
      return { state: 'anonymous', guestMode: viewer.guestMode };
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
        can: {
          manageUsers: person.role === 'admin',
          seeInstructors: isStaff(person),
          teach: isStaff(person),
        },
      };
    }
  }
}
