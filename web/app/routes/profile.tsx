import {
  ChevronRight,
  Gauge,
  GraduationCap,
  KeyRound,
  LogOut,
  Mail,
  ShieldCheck,
  UserCog,
  Wrench,
} from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { ChangeEmail, Me } from '#shared/schemas/accounts';
import { useToast } from '../../components/overlays/toast.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, TextField } from '../../components/ui/form.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import {
  useChangeEmail,
  useMe,
  useRequestPasswordReset,
  useSaveAvatar,
  useSignOut,
} from '../../features/accounts/api/me.ts';
import { GuestSignInCard } from '../../features/accounts/components/guest-sign-in.tsx';
import { ImagePicker } from '../../features/media/components/image-picker.tsx';
import { useWaitingPosts, WaitingBeforeSignOut } from '../../features/posts/index.ts';
import { useProfile } from '../../features/profile/api/profile.ts';
import {
  BookmarksSection,
  FeedbackSection,
  PrivacySection,
  ProfileDetails,
  ShowcaseConsentSection,
} from '../../features/profile/components/profile-sections.tsx';
import { TutorialSettings } from '../../features/tutorial/tutorial-settings.tsx';
import { ApiError, reasonOr } from '../../lib/api-client.ts';
import { lazyZodResolver } from '../../lib/lazy-resolver.ts';
import { t } from '../../lib/text.ts';
import { write } from '../../lib/write.ts';

const checkChangeEmail = lazyZodResolver(() =>
  import('#shared/schemas/accounts').then((schemas) => schemas.ChangeEmail),
);

type Member = Extract<Me, { state: 'member' }>;

const links = [
  {
    to: '/user-management',
    key: 'userManagement',
    icon: UserCog,
    allowed: (me: Member) => me.can.manageUsers,
  },
  {
    to: '/admin-tools',
    key: 'adminTools',
    icon: Wrench,
    allowed: (me: Member) => me.can.manageUsers,
  },
  {
    to: '/instructors',
    key: 'instructors',
    icon: GraduationCap,
    allowed: (me: Member) => me.can.seeInstructors,
  },
  { to: '/dashboard', key: 'dashboard', icon: Gauge, allowed: (me: Member) => me.can.manageUsers },
  { to: '/privacy', key: 'privacy', icon: ShieldCheck, allowed: () => true },
] as const;

function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const { showToast } = useToast();
  const form = useForm<z.input<typeof ChangeEmail>, unknown, z.output<typeof ChangeEmail>>({
    resolver: checkChangeEmail,
    defaultValues: { email: '' },
  });
  const send = useChangeEmail();
  const submit = form.handleSubmit(({ email }) => {
    if (send.isPending) return;
    write(send, email, {
      onSuccess: () => {
        showToast(t('screens.profile.changeEmailSent'), 'success');
        onDone();
      },
      // The server's own words when it says why (the address is another account's, too many
      // mails); the generic failure otherwise. Said beside the field, not in a toast.
      onError: (failure) =>
        form.setError('email', {
          message:
            failure instanceof ApiError &&
            (failure.status === 0 || failure.status === 409 || failure.status === 429)
              ? failure.message
              : t('toasts.updateFailed'),
        }),
    });
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3 px-4 pb-4">
      <TextField
        label={t('screens.profile.newEmail')}
        type="email"
        autoComplete="email"
        {...form.register('email')}
        error={form.formState.errors.email?.message}
      />
      <Button type="submit" busy={send.isPending}>
        {t('screens.profile.sendVerification')}
      </Button>
    </form>
  );
}

export default function ProfileScreen() {
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const signOut = useSignOut();
  const [changingEmail, setChangingEmail] = useState(false);
  const [askingSignOut, setAskingSignOut] = useState(false);
  const waiting = useWaitingPosts(me?.state === 'member' ? me.person.id : undefined);
  const finishSignOut = useCallback(() => {
    setAskingSignOut(false);
    write(signOut, undefined, {
      onSettled: () => navigate('/login', { replace: true }),
    });
  }, [signOut, navigate]);
  const saveAvatar = useSaveAvatar();
  const resetPassword = useRequestPasswordReset();

  useEffect(() => {
    if (params.get('emailChanged')) {
      showToast(t('screens.profile.emailChanged'), 'success');
      setParams({}, { replace: true });
    }
  }, [params, setParams, showToast]);

  const member = me?.state === 'member' ? me : null;
  const profile = useProfile(member !== null);
  const row =
    'flex min-h-14 w-full items-center gap-3 px-4 text-left text-[15px] font-medium text-stone-800 hover:bg-stone-50';

  return (
    <>
      <PageHeader title={t('screens.profile.title')} subtitle={t('screens.profile.subtitle')} />
      <PageBody>
        <div className="space-y-5 pb-10">
          {me?.state === 'anonymous' ? <GuestSignInCard reason="profile" /> : null}
          {member ? (
            <section className="rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
              <div className="flex items-center gap-4">
                <Avatar name={member.person.name} url={member.person.avatarUrl} size={64} />
                <div className="min-w-0">
                  <p className="truncate text-lg font-semibold text-stone-900">
                    {member.person.name}
                  </p>
                  <p className="truncate text-sm text-stone-500">
                    {t(`role.${member.person.role}`)} · {member.person.email}
                  </p>
                </div>
              </div>
              <ImagePicker
                use="avatar"
                capture="user"
                label={t('screens.profile.changePhoto')}
                className="mt-4"
                onUploaded={(result) =>
                  write(saveAvatar, result, {
                    onSuccess: () => showToast(t('screens.profile.photoSaved'), 'success'),
                  })
                }
              />
            </section>
          ) : null}
          {profile.data ? (
            <>
              <ProfileDetails profile={profile.data} />
              {profile.data.can.changePrivacy ? <PrivacySection profile={profile.data} /> : null}
              {profile.data.can.changeShowcaseConsent ? (
                <ShowcaseConsentSection profile={profile.data} />
              ) : null}
              <TutorialSettings />
              <BookmarksSection />
              <FeedbackSection />
            </>
          ) : null}
          <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]">
            {links
              .filter((link) => (member ? link.allowed(member) : link.key === 'privacy'))
              .map(({ to, key, icon: Icon }) => (
                <li key={to}>
                  <Link to={to} className={row}>
                    <Icon className="size-5 text-stone-500" aria-hidden="true" />
                    <span className="flex-1">{t(`screens.profile.${key}`)}</span>
                    <ChevronRight className="size-5 text-stone-400" aria-hidden="true" />
                  </Link>
                </li>
              ))}
          </ul>
          {member ? (
            <section
              aria-label={t('screens.profile.account')}
              className="overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]"
            >
              <ul className="divide-y divide-stone-100">
                <li>
                  <button
                    type="button"
                    className={row}
                    aria-expanded={changingEmail}
                    onClick={() => setChangingEmail((on) => !on)}
                  >
                    <Mail className="size-5 text-stone-500" aria-hidden="true" />
                    {t('screens.profile.changeEmail')}
                  </button>
                  {changingEmail ? (
                    <ChangeEmailForm onDone={() => setChangingEmail(false)} />
                  ) : null}
                </li>
                <li>
                  <button
                    type="button"
                    className={row}
                    onClick={() =>
                      write(resetPassword, member.person.email ?? '', {
                        onSuccess: () => showToast(t('screens.login.resetPasswordSent'), 'success'),
                        onError: (failure) =>
                          showToast(reasonOr(failure, t('toasts.updateFailed')), 'error'),
                      })
                    }
                  >
                    <KeyRound className="size-5 text-stone-500" aria-hidden="true" />
                    {t('screens.profile.resetPassword')}
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className={`${row} text-red-700`}
                    onClick={() => (waiting > 0 ? setAskingSignOut(true) : finishSignOut())}
                  >
                    <LogOut className="size-5" aria-hidden="true" />
                    {t('screens.profile.signOut')}
                  </button>
                </li>
              </ul>
            </section>
          ) : null}
        </div>
      </PageBody>
      {member && askingSignOut ? (
        <WaitingBeforeSignOut
          personId={member.person.id}
          isOpen
          onOpenChange={setAskingSignOut}
          onSignOut={finishSignOut}
        />
      ) : null}
    </>
  );
}
