import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { InstructorInvite } from '#shared/schemas/admin';
import { useToast } from '../../../components/overlays/toast.tsx';
import { FormDialogActions } from '../../../components/ui/dialog.tsx';
import { SheetDialogFrame } from '../../../components/ui/dialog-frames.tsx';
import { TextField } from '../../../components/ui/form.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useInviteInstructor } from '../api/people.ts';

const checkInvite = lazyZodResolver(() =>
  import('#shared/schemas/admin').then((schemas) => schemas.InstructorInvite),
);

/**
 * An admin adds an instructor by name and e-mail: an invitation e-mail goes out, and her first
 * sign-in with that e-mail lands on an active instructor, with no approval to wait for.
 */
export function InviteInstructorDialog({
  onOpenChange,
}: {
  onOpenChange: (open: boolean) => void;
}) {
  const formId = useId();
  const { showToast } = useToast();
  const invite = useInviteInstructor();
  const form = useForm<InstructorInvite>({
    resolver: checkInvite,
    defaultValues: { name: '', email: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((input) => {
    if (invite.isPending) return;
    write(invite, input, {
      onSuccess: ({ person, mailed }) => {
        const values = { name: person.name, email: person.email ?? '' };
        if (mailed) showToast(t('screens.userManagement.invite.sent', values), 'success');
        else showToast(t('screens.userManagement.invite.notMailed', values), 'warning');
        onOpenChange(false);
      },
    });
  });
  return (
    <SheetDialogFrame
      isOpen
      onOpenChange={onOpenChange}
      title={t('screens.userManagement.invite.title')}
      isDismissable={!invite.isPending}
      footer={
        <FormDialogActions
          formId={formId}
          submitLabel={t('screens.userManagement.invite.submit')}
          cancelLabel={t('screens.userManagement.invite.cancel')}
          onCancel={() => onOpenChange(false)}
          busy={invite.isPending}
        />
      }
    >
      <form
        id={formId}
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
      >
        <p className="text-[15px] text-stone-600">{t('screens.userManagement.invite.hint')}</p>
        <TextField
          label={t('screens.userManagement.invite.name')}
          autoComplete="off"
          maxLength={100}
          {...form.register('name', { onChange: () => form.clearErrors('name') })}
          error={errors.name?.message}
        />
        <TextField
          label={t('screens.userManagement.invite.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          {...form.register('email', { onChange: () => form.clearErrors('email') })}
          error={errors.email?.message}
        />
      </form>
    </SheetDialogFrame>
  );
}
