import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Tab, TabList, Tabs } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { PEOPLE_VIEWS } from '#shared/schemas/admin';
import { Button, SearchField } from '../../components/ui/form.tsx';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';
import { Placeholder } from '../../components/ui/placeholder.tsx';
import { type PeopleView, useAdminPeople } from '../../features/admin/api/people.ts';
import { PersonCard } from '../../features/admin/components/person-card.tsx';
import { useDebounced } from '../../hooks/use-debounced.ts';
import { IN_PLACE } from '../../hooks/use-screen-params.ts';
import { lazyComponent } from '../../lib/lazy-module.ts';
import { t } from '../../lib/text.ts';

const InviteInstructorDialog = lazyComponent(() =>
  import('../../features/admin/components/invite-instructor-dialog.tsx').then(
    (module) => module.InviteInstructorDialog,
  ),
);

/**
 * User management (admins): the sign-ups waiting for approval first, the blocked, and everyone,
 * searchable by name or e-mail; the view is kept in the URL so a notification can link to it.
 */
export default function UserManagementScreen() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('view') as PeopleView | null;
  const view: PeopleView = requested && PEOPLE_VIEWS.includes(requested) ? requested : 'pending';
  const [text, setText] = useState('');
  const q = useDebounced(text, 250);
  const people = useAdminPeople(view, q);
  const list = people.data?.people ?? [];
  const pendingCount = people.data?.pendingCount ?? 0;
  const [inviting, setInviting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('screens.userManagement.title')}
        subtitle={t('screens.userManagement.subtitle')}
        back="/profile"
        actions={
          // On a phone the title keeps the width: the button shows its icon, as "Thêm học viên".
          <Button onClick={() => setInviting(true)} className="px-3 sm:px-5">
            <UserPlus className="size-5" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">
              {t('screens.userManagement.invite.open')}
            </span>
          </Button>
        }
      />
      {inviting ? <InviteInstructorDialog onOpenChange={setInviting} /> : null}
      <PageBody>
        <div className="flex flex-col gap-3 pb-10">
          <Tabs
            selectedKey={view}
            onSelectionChange={(key) => setParams({ view: String(key) }, IN_PLACE)}
          >
            <TabList
              aria-label={t('screens.userManagement.views.label')}
              className="-mx-4 flex border-b border-stone-200 px-4 md:mx-0 md:px-0"
            >
              {PEOPLE_VIEWS.map((id) => (
                <Tab
                  key={id}
                  id={id}
                  className="relative flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-1.5 px-2 text-[15px] font-medium whitespace-nowrap text-stone-500 outline-none hover:text-stone-800 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-500 data-[selected]:text-accent-700 data-[selected]:after:absolute data-[selected]:after:inset-x-3 data-[selected]:after:bottom-0 data-[selected]:after:h-0.5 data-[selected]:after:rounded-full data-[selected]:after:bg-accent-600 md:flex-none md:px-4"
                >
                  {t(`screens.userManagement.views.${id}`)}
                  {id === 'pending' && pendingCount > 0 ? (
                    <span className="rounded-full bg-accent-600 px-1.5 text-xs font-semibold text-white">
                      {pendingCount}
                    </span>
                  ) : null}
                </Tab>
              ))}
            </TabList>
          </Tabs>
          <SearchField label={t('screens.userManagement.search')} value={text} onChange={setText} />
          {!people.data ? (
            <Placeholder className="h-48 rounded-2xl" />
          ) : list.length === 0 ? (
            <p className="rounded-2xl bg-white p-4 text-stone-500 shadow-[var(--shadow-card)]">
              {q ? t('screens.userManagement.noMatch') : t(`screens.userManagement.empty.${view}`)}
            </p>
          ) : (
            <ul
              className="grid grid-cols-1 gap-3 md:grid-cols-2"
              aria-busy={people.isFetching || undefined}
            >
              {list.map((person) => (
                <li key={person.id}>
                  <PersonCard person={person} />
                </li>
              ))}
            </ul>
          )}
          {people.data?.more ? (
            <p className="text-sm text-stone-500">{t('screens.userManagement.more')}</p>
          ) : null}
        </div>
      </PageBody>
    </>
  );
}
