import { type Resolver, type ResolverResult, useForm, useWatch } from 'react-hook-form';
import type { UploadSettingsPatch, UploadTarget } from '#shared/schemas/config';
import { useToast } from '../../../components/overlays/toast.tsx';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { reasonOr } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useSaveUploadSettings } from '../api/upload-settings.ts';
import { useUploadTarget } from '../api/use-image-upload.ts';

interface UploadSettingsValues {
  service: UploadTarget['service'];
  cloudName: string;
  uploadPreset: string;
}

/** What is sent: an empty box is no setting. */
const toPatch = (values: UploadSettingsValues): UploadSettingsPatch => ({
  service: values.service,
  cloudName: values.cloudName.trim() || null,
  uploadPreset: values.uploadPreset.trim() || null,
});

const checkPatch = lazyZodResolver(() =>
  import('#shared/schemas/config').then((schemas) => schemas.UploadSettingsPatch),
);

/** The shared schema checks what will be sent; its errors land on the boxes. */
const uploadSettingsResolver: Resolver<UploadSettingsValues> = async (values, context, options) => {
  const result = await checkPatch(toPatch(values), context, options as never);
  return (
    Object.keys(result.errors).length > 0 ? result : { values, errors: {} }
  ) as ResolverResult<UploadSettingsValues>;
};

/** Admins choose where photos are kept: this server, or the academy's Cloudinary account. */
export function UploadSettingsForm() {
  const { showToast } = useToast();
  const { data: target } = useUploadTarget();
  const form = useForm<UploadSettingsValues>({
    resolver: uploadSettingsResolver,
    defaultValues: { service: 'builtin', cloudName: '', uploadPreset: '' },
    // The saved settings fill the form once they arrive.
    values: target && {
      service: target.service,
      cloudName: target.cloudName ?? '',
      uploadPreset: target.uploadPreset ?? '',
    },
  });
  const service = useWatch({ control: form.control, name: 'service' });
  const { errors } = form.formState;

  const save = useSaveUploadSettings();
  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    write(save, toPatch(values), {
      onSuccess: () => showToast(t('screens.adminTools.saved'), 'success'),
      onError: (failure) => showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
    });
  });
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
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4 p-4">
      <fieldset className="space-y-2">
        <legend className="sr-only">{t('screens.adminTools.uploads')}</legend>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl p-2 hover:bg-stone-50"
          >
            <input
              type="radio"
              value={option.value}
              {...form.register('service')}
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
            {...form.register('cloudName', { onChange: () => form.clearErrors('cloudName') })}
            error={errors.cloudName?.message}
            autoComplete="off"
          />
          <TextField
            label={t('screens.adminTools.uploadPreset')}
            {...form.register('uploadPreset', { onChange: () => form.clearErrors('uploadPreset') })}
            error={errors.uploadPreset?.message}
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
