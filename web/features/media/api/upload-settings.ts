import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadSettingsPatch } from '#shared/schemas/config';
import { answer, api } from '../../../lib/api-client.ts';
import { uploadTargetQueryKey } from './upload-target-key.ts';

/**
 * An admin chooses where photos are uploaded; every picker follows the server's answer. Its
 * failure says the server's reason alone (the setting it refused), in the form's own toast.
 */
export function useSaveUploadSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: UploadSettingsPatch) =>
      answer(api.PUT('/admin/upload-settings', { body: patch })),
    onSuccess: (saved) => queryClient.setQueryData(uploadTargetQueryKey, saved),
  });
}
