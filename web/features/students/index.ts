// What other features may use of students; the rest is its own (biome.json enforces it).
export {
  classRosterQuery,
  keptClassRoster,
  prefetchClassRoster,
  useClassRoster,
} from './api/class-roster.ts';
export {
  type StudentChoice,
  StudentsNeverLoaded,
  studentQueryKey,
  studentsQueryKey,
  useStudent,
  useStudentChoices,
  useStudents,
} from './api/students.ts';
export { BlockReasonDialog } from './components/block-reason-dialog.tsx';
export { StudentStatusBadge } from './components/student-status-badge.tsx';
