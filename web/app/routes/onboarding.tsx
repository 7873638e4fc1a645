import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, GraduationCap, Hourglass, UserCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { Onboarding } from '#shared/schemas/accounts';
import { useToast } from '../../components/overlays/toast.tsx';
import { Button, TextField } from '../../components/ui/form.tsx';
import { useCreateProfile, useMe } from '../../features/accounts/api/me.ts';
import { signOut } from '../../features/accounts/api/session.ts';
import { reasonOr } from '../../lib/api-client.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { t } from '../../lib/shell-text.ts';
import { write } from '../../lib/write.ts';
import { PublicFrame } from '../layout/public-frame.tsx';

const checkOnboarding = lazyZodResolver(() =>
  import('#shared/schemas/accounts').then((schemas) => schemas.Onboarding),
);

type FormInput = z.input<typeof Onboarding>;
type FormOutput = z.output<typeof Onboarding>;
type Role = FormInput['role'];

function RoleChoice({
  role,
  field,
}: {
  role: Role | undefined;
  field: UseFormRegisterReturn<'role'>;
}) {
  const options = [
    {
      value: 'student' as const,
      icon: GraduationCap,
      title: t('screens.onboarding.student'),
      hint: t('screens.onboarding.studentHint'),
    },
    {
      value: 'instructor' as const,
      icon: BookOpen,
      title: t('screens.onboarding.instructor'),
      hint: t('screens.onboarding.instructorHint'),
    },
  ];
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 text-sm font-medium text-stone-700">
        {t('screens.onboarding.iAm')}
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {options.map(({ value, icon: Icon, title, hint }) => (
          <label
            key={value}
            className={`flex cursor-pointer flex-col gap-1 rounded-2xl border-2 p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600 ${role === value ? 'border-accent-600 bg-accent-50' : 'border-stone-200 bg-white hover:border-stone-300'}`}
          >
            <input type="radio" value={value} {...field} className="sr-only" />
            <Icon
              className={`size-6 ${role === value ? 'text-accent-700' : 'text-stone-500'}`}
              aria-hidden="true"
            />
            <span className="font-semibold text-stone-900">{title}</span>
            <span className="text-xs leading-5 text-stone-600">{hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** After a first sign-in: become a student or an instructor (spec 4). */
export default function OnboardingScreen() {
  const { showToast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me, isPending } = useMe();
  const [propose, setPropose] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; message: string }>();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: checkOnboarding,
    defaultValues: { role: 'student', name: '', phone: '' },
    shouldUnregister: true,
  });
  const role = form.watch('role');
  // The academy's profile for this address gives the name it already knows, still editable.
  const knownName = me?.state === 'new' ? me.studentProfile?.name : undefined;
  useEffect(() => {
    if (knownName && !form.getValues('name')) form.setValue('name', knownName);
  }, [knownName, form]);
  const { errors } = form.formState;
  const create = useCreateProfile();

  if (refusal) {
    return (
      <PublicFrame title={t('screens.onboarding.pendingTitle')}>
        <div className="flex gap-3" data-testid="onboarding-pending">
          <Hourglass className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div className="space-y-2 text-sm leading-6 text-stone-700">
            <p className="font-medium">{refusal.message}</p>
            {/* What happens next, without saying the first line again; with student access
                off, approval alone does not let a student in, and she is told so. */}
            <p>
              {t(
                refusal.code === 'student_access_disabled'
                  ? 'screens.onboarding.studentAccessNext'
                  : refusal.code === 'account_pending'
                    ? 'screens.onboarding.pendingNext'
                    : 'screens.onboarding.pendingBody',
              )}
            </p>
          </div>
        </div>
        <Button
          variant="secondary"
          className="mt-6 w-full"
          onClick={() =>
            void signOut().then(() => {
              queryClient.clear();
              navigate('/login', { replace: true });
            })
          }
        >
          {t('screens.onboarding.backToLogin')}
        </Button>
      </PublicFrame>
    );
  }
  if (isPending) return null;
  if (me?.state === 'anonymous') return <Navigate to="/login" replace />;
  if (me?.state === 'member') return <Navigate to="/activity" replace />;

  const submit = form.handleSubmit((values) => {
    if (create.isPending) return;
    write(create, values, {
      onSuccess: (result) => {
        if (result.state === 'member') navigate('/activity', { replace: true });
        else if (result.state === 'refused') setRefusal(result);
      },
      // This screen says the server's reason alone: the person has no profile to name yet.
      onError: (failure) => showToast(reasonOr(failure, t('toasts.createProfileFailed')), 'error'),
    });
  });

  return (
    <PublicFrame title={t('screens.onboarding.title')} subtitle={t('screens.onboarding.subtitle')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <RoleChoice role={role} field={form.register('role')} />
        {role === 'student' && me?.state === 'new' && me.studentProfile ? (
          <div
            className="flex gap-3 rounded-2xl bg-accent-50 p-3 text-sm leading-6 text-stone-700"
            data-testid="known-profile"
          >
            <UserCheck className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden="true" />
            <div className="min-w-0 break-words">
              <p className="font-medium text-stone-900">
                {t('screens.onboarding.knownProfile', { name: me.studentProfile.name })}
              </p>
              <p>{t('screens.onboarding.knownProfileNext')}</p>
            </div>
          </div>
        ) : null}
        <TextField
          label={t('screens.onboarding.name')}
          autoComplete="name"
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextField
          label={t('screens.onboarding.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0912 345 678"
          {...form.register('phone')}
          error={errors.phone?.message}
        />
        <TextField
          label={`${t('screens.onboarding.address')} (${t('screens.onboarding.optional')})`}
          autoComplete="street-address"
          {...form.register('address')}
          error={errors.address?.message}
        />
        {role === 'student' ? (
          <TextField
            label={`${t('screens.onboarding.dob')} (${t('screens.onboarding.optional')})`}
            type="date"
            {...form.register('dob')}
            error={'dob' in errors ? errors.dob?.message : undefined}
          />
        ) : (
          <>
            <TextField
              label={`${t('screens.onboarding.bio')} (${t('screens.onboarding.optional')})`}
              {...form.register('bio')}
              error={'bio' in errors ? errors.bio?.message : undefined}
            />
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-700">
              <input
                type="checkbox"
                checked={propose}
                onChange={(event) => setPropose(event.target.checked)}
                className="size-5 accent-accent-600"
              />
              {t('screens.onboarding.proposeCourse')}
            </label>
            {propose ? (
              <div className="space-y-4 rounded-2xl bg-stone-50 p-4">
                <TextField
                  label={t('screens.onboarding.courseName')}
                  {...form.register('proposedCourse.name')}
                  error={
                    'proposedCourse' in errors ? errors.proposedCourse?.name?.message : undefined
                  }
                />
                <TextField
                  label={t('screens.onboarding.courseDescription')}
                  {...form.register('proposedCourse.description')}
                />
              </div>
            ) : null}
          </>
        )}
        <Button type="submit" busy={create.isPending} className="w-full">
          {create.isPending ? t('screens.onboarding.submitting') : t('screens.onboarding.submit')}
        </Button>
      </form>
    </PublicFrame>
  );
}
