import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatCalendarDate, formatPhone } from '#shared/format';
import type { FeedbackInput, Profile, ProfileData, ProfileInput } from '#shared/schemas/profile';
import { useToast } from '../../../components/overlays/toast.tsx';
import { FormDialogActions, SheetDialog } from '../../../components/ui/dialog.tsx';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { ToggleRow } from '../../../components/ui/toggle-row.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';

const checkProfile = lazyZodResolver(() =>
  import('#shared/schemas/profile').then((schemas) => schemas.ProfileInput),
);
const checkFeedback = lazyZodResolver(() =>
  import('#shared/schemas/profile').then((schemas) => schemas.FeedbackInput),
);

import { PostList, useBookmarks } from '../../posts/index.ts';
import {
  useMyFeedback,
  useSavePrivacy,
  useSaveProfile,
  useSendFeedback,
  useShowcaseConsent,
} from '../api/profile.ts';

const card = 'overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]';
const heading = 'px-4 pt-4 pb-2 text-base font-semibold text-stone-900';

const DETAIL_FIELDS = ['name', 'phone', 'address', 'dob', 'bio'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** My details, and a dialog to edit them (students have no bio). */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { showToast } = useToast();
  const formId = useId();
  const fields = DETAIL_FIELDS.filter((field) => field !== 'bio' || profile.can.editBio);
  const [editing, setEditing] = useState(false);
  const form = useForm<ProfileInput, unknown, ProfileData>({
    resolver: checkProfile,
    defaultValues: initial(profile),
    // A field's error goes as soon as it is changed, not at the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const save = useSaveProfile();
  const busy = save.isPending;
  // What the shared schema made of what was typed; the server applies the same schema again.
  const submit = form.handleSubmit((data) => {
    if (save.isPending) return;
    write(save, data, {
      onSuccess: () => {
        showToast(t('screens.profile.detailsSaved'), 'success');
        setEditing(false);
      },
    });
  });

  return (
    <section aria-labelledby={`${formId}-title`} className={card}>
      <div className="flex items-center justify-between pr-2">
        <h2 id={`${formId}-title`} className={heading}>
          {t('screens.profile.details')}
        </h2>
        <Button
          variant="ghost"
          className="h-11 shrink-0 whitespace-nowrap px-3"
          onClick={() => {
            form.reset(initial(profile));
            setEditing(true);
          }}
        >
          <Pencil className="size-4" aria-hidden="true" />
          {t('screens.profile.editDetails')}
        </Button>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2 px-4 pb-4 text-[15px]">
        {fields.map((field) => (
          <div key={field} className="contents">
            <dt className="whitespace-nowrap text-stone-500">{t(`screens.profile.${field}`)}</dt>
            <dd className="text-stone-800 [overflow-wrap:anywhere]">
              {profile[field] ? (
                shown(field, profile[field])
              ) : (
                <span className="text-stone-500">{t('screens.profile.notGiven')}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <SheetDialog
        isOpen={editing}
        onOpenChange={setEditing}
        title={t('screens.profile.editDetails')}
        isDismissable={!busy}
        footer={
          <FormDialogActions
            formId={formId}
            submitLabel={t('screens.profile.save')}
            cancelLabel={t('screens.profile.cancel')}
            onCancel={() => setEditing(false)}
            busy={busy}
          />
        }
      >
        <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
          {fields.map((field) => (
            <TextField
              key={field}
              label={t(`screens.profile.${field}`)}
              type={field === 'dob' ? 'date' : field === 'phone' ? 'tel' : 'text'}
              {...form.register(field, { onChange: () => form.clearErrors(field) })}
              error={errors[field]?.message}
            />
          ))}
        </form>
      </SheetDialog>
    </section>
  );
}

/** A detail as the other screens write it (one formatter each for dates and phones). */
function shown(field: DetailField, value: string): string {
  if (field === 'dob') return formatCalendarDate(value);
  if (field === 'phone') return formatPhone(value);
  return value;
}

function initial(profile: Profile): Record<DetailField, string> & ProfileInput {
  return {
    name: profile.name,
    phone: profile.phone ?? '',
    address: profile.address ?? '',
    dob: profile.dob ?? '',
    bio: profile.bio ?? '',
  };
}

/** Instructors' two privacy switches; the server applies them to every post list at once. */
export function PrivacySection({ profile }: { profile: Profile }) {
  const { showToast } = useToast();
  const save = useSavePrivacy(profile.privacy);
  const busy = save.isPending;
  const change = (patch: Partial<Profile['privacy']>) =>
    write(save, patch, {
      onSuccess: () => showToast(t('screens.profile.privacySaved'), 'success'),
    });
  return (
    <section aria-label={t('screens.profile.privacySettings')} className={card}>
      <h2 className={heading}>{t('screens.profile.privacySettings')}</h2>
      <div className="divide-y divide-stone-100">
        <ToggleRow
          label={t('screens.profile.hideMyPosts')}
          hint={t('screens.profile.hideMyPostsHint')}
          checked={profile.privacy.hideMyPosts}
          disabled={busy}
          onChange={(hideMyPosts) => change({ hideMyPosts })}
        />
        <ToggleRow
          label={t('screens.profile.hideMentionedPosts')}
          hint={t('screens.profile.hideMentionedPostsHint')}
          checked={profile.privacy.hideMentionedPosts}
          disabled={busy}
          onChange={(hideMentionedPosts) => change({ hideMentionedPosts })}
        />
      </div>
    </section>
  );
}

/**
 * A student's consent to show her work publicly: off until she turns it on; turning it off takes
 * her featured photos off the showcase and ends their links at once (the server's rule).
 */
export function ShowcaseConsentSection({ profile }: { profile: Profile }) {
  const { showToast } = useToast();
  const save = useShowcaseConsent();
  return (
    <section aria-label={t('screens.profile.showcase')} className={card}>
      <h2 className={heading}>{t('screens.profile.showcase')}</h2>
      <ToggleRow
        label={t('screens.profile.showcaseConsent')}
        hint={t('screens.profile.showcaseConsentHint')}
        checked={profile.showcaseConsent}
        disabled={save.isPending}
        onChange={(consent) =>
          write(save, consent, {
            onSuccess: () =>
              showToast(
                t(consent ? 'screens.profile.showcaseOn' : 'screens.profile.showcaseOff'),
                'success',
              ),
          })
        }
      />
    </section>
  );
}

/** The posts I saved and may still see. */
export function BookmarksSection() {
  const bookmarks = useBookmarks();
  return (
    <section aria-labelledby="profile-bookmarks" className="flex flex-col gap-3">
      <h2 id="profile-bookmarks" className="text-base font-semibold text-stone-900">
        {t('screens.profile.bookmarks')}
      </h2>
      <PostList
        query={bookmarks}
        label={t('screens.profile.bookmarks')}
        empty={t('screens.profile.noBookmarks')}
        end={t('posts.end')}
      />
    </section>
  );
}

/** Feedback to the admins, and where each one I sent stands. */
export function FeedbackSection() {
  const { showToast } = useToast();
  const id = useId();
  const feedback = useMyFeedback();
  const form = useForm<z.input<typeof FeedbackInput>, unknown, z.output<typeof FeedbackInput>>({
    resolver: checkFeedback,
    defaultValues: { text: '' },
  });
  const error = form.formState.errors.text?.message;
  const send = useSendFeedback();
  const busy = send.isPending;
  const submit = form.handleSubmit((values) => {
    if (send.isPending) return;
    write(send, values.text, {
      onSuccess: () => {
        form.reset({ text: '' });
        showToast(t('screens.profile.feedbackSent'), 'success');
      },
    });
  });
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <h2 id={`${id}-title`} className={heading}>
        {t('screens.profile.feedback')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 pb-4">
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('screens.profile.feedbackLabel')}
        </label>
        <textarea
          id={`${id}-text`}
          {...form.register('text')}
          rows={3}
          maxLength={2000}
          aria-invalid={error ? true : undefined}
          placeholder={t('screens.profile.feedbackLabel')}
          className="w-full rounded-xl border border-stone-300 bg-white px-3.5 py-3 text-base focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy} className="self-start">
          {t('screens.profile.sendFeedback')}
        </Button>
      </form>
      {feedback.data && feedback.data.feedback.length > 0 ? (
        <div className="border-t border-stone-100 px-4 py-3">
          <h3 className="mb-2 text-sm font-semibold text-stone-700">
            {t('screens.profile.myFeedback')}
          </h3>
          <ul className="flex flex-col gap-2" data-testid="my-feedback">
            {feedback.data.feedback.map((item) => (
              <li key={item.id} className="flex items-start justify-between gap-3 text-[15px]">
                <span className="min-w-0 break-words text-stone-800">{item.text}</span>
                <span className="shrink-0 text-right text-xs text-stone-500">
                  <span className="block font-semibold text-stone-700">
                    {t(`screens.profile.feedbackStatus.${item.status}`)}
                  </span>
                  {formatRelativeTime(item.statusUpdatedAt ?? item.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
