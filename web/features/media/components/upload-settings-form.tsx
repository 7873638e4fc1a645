import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { UploadTarget } from '#shared/schemas/config';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { uploadTargetQueryKey } from '../api/upload-target-key.ts';
import { useUploadTarget } from '../api/use-image-upload.ts';

/** Admins choose where photos are kept: this server, or the academy's Cloudinary account. */
export function UploadSettingsForm() {
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const { data: target } = useUploadTarget();
  const [service, setService] = useState<UploadTarget['service']>('builtin');
  const [cloudName, setCloudName] = useState('');
  const [uploadPreset, setUploadPreset] = useState('');

  useEffect(() => {
    if (!target) return;
    setService(target.service);
    setCloudName(target.cloudName ?? '');
    setUploadPreset(target.uploadPreset ?? '');
  }, [target]);

  const save = useMutation({
    mutationFn: () =>
      apiRequest<UploadTarget>('/admin/upload-settings', {
        method: 'PUT',
        body: {
          service,
          cloudName: cloudName.trim() || null,
          uploadPreset: uploadPreset.trim() || null,
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(uploadTargetQueryKey, saved);
      showToast(t('screens.adminTools.saved'), 'success');
    },
    onError: (failure) =>
      showToast(failure instanceof ApiError ? failure.message : t('toasts.updateFailed'), 'error'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const options = [
    {
      value: 'builtin' as const,
      label: t('screens.adminTools.builtin'),
      hint: t('screens.adminTools.builtinHint'),
    },
    {
      value: 'cloudinary' as const,
      label: t('screens.adminTools.cloudinary'),
      hint: t('screens.adminTools.cloudinaryHint'),
    },
  ];
  return (
    <form onSubmit={submit} className="space-y-4 p-4">
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('screens.adminTools.uploads')}</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl p-2 hover:bg-stone-50"
          >
            <input
              type="radio"
              name="upload-service"
              value={option.value}
              checked={service === option.value}
              onChange={() => setService(option.value)}
              className="mt-1 size-5 accent-accent-600"
            />
            <span>
              <span className="block text-[15px] font-medium text-stone-900">{option.label}</span>
              <span className="block text-sm text-stone-500">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {service === 'cloudinary' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('screens.adminTools.cloudName')}
            value={cloudName}
            onChange={(e) => setCloudName(e.target.value)}
            autoComplete="off"
          />
          <TextField
            label={t('screens.adminTools.uploadPreset')}
            value={uploadPreset}
            onChange={(e) => setUploadPreset(e.target.value)}
            autoComplete="off"
          />
        </div>
      ) : null}
      <Button type="submit" busy={save.isPending}>
        {t('screens.adminTools.save')}
      </Button>
    </form>
  );
}
