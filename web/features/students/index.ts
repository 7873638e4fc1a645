// What other features may use of students; the rest is its own (biome.json enforces it).
export {
  studentQueryKey,
  studentsQueryKey,
  useStudent,
  useStudentChoices,
  useStudents,
} from './api/students.ts';
export { BlockReasonDialog } from './components/block-reason-dialog.tsx';
export { StudentStatusBadge } from './components/student-status-badge.tsx';
