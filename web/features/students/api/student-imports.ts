import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportChoices } from '#shared/schemas/student-imports';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { coursesQueryKey } from '../../courses/index.ts';
import { studentsQueryKey } from './students.ts';

/** Under the students' key: an import's live `person.updated` refreshes the list of imports too. */
export const studentImportsQueryKey = [...studentsQueryKey, 'imports'] as const;

/** The latest imports, and whether each can still be undone. */
export const useStudentImports = () =>
  useQuery({
    queryKey: studentImportsQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/admin/student-imports', { signal })),
  });

/** An admin sends a sheet; the answer is its first preview, the columns matched by header. */
export function useUploadStudentSheet() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return answer(
        api.POST('/admin/student-imports', { body: form, bodySerializer: (body) => body }),
      );
    },
  });
}

/** The sheet's rows again, read through the columns and new courses the admin chose. */
export function usePreviewStudentImport(importId: string) {
  return useMutation({
    mutationFn: (choices: ImportChoices) =>
      answer(
        api.POST('/admin/student-imports/{importId}/preview', {
          params: { path: { importId } },
          body: choices,
        }),
      ),
  });
}

function useRefreshAfterImport() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    void queryClient.invalidateQueries({ queryKey: coursesQueryKey });
  };
}

/** Imports the sheet's rows in one go. */
export function useCommitStudentImport(importId: string) {
  const refresh = useRefreshAfterImport();
  return useMutation({
    mutationFn: (choices: ImportChoices) =>
      answer(
        api.POST('/admin/student-imports/{importId}/commit', {
          params: { path: { importId } },
          body: choices,
        }),
      ),
    onSuccess: refresh,
  });
}

/** Takes an import back while nobody has edited what it did. */
export function useUndoStudentImport() {
  const refresh = useRefreshAfterImport();
  return useMutation({
    mutationFn: (importId: string) =>
      answer(
        api.POST('/admin/student-imports/{importId}/undo', { params: { path: { importId } } }),
      ),
    onSuccess: refresh,
    meta: { errorToast: t('toasts.updateFailed') },
  });
}
