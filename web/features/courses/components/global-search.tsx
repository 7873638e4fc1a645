import { BookOpen, Loader2, Search } from 'lucide-react';
import { useState } from 'react';
import {
  ComboBox,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useDebounced } from '../../../hooks/use-debounced.ts';
import { t } from '../../../lib/text.ts';
import { useSearch } from '../api/courses.ts';
import { searchInputClass } from './search-input-class.ts';

/** How long typing must pause before the box asks the server. */
const debounceMs = 200;

const itemClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-[15px] text-stone-800 outline-none data-[focused]:bg-accent-50 data-[focused]:text-accent-900';
const headerClass = 'px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-stone-500 uppercase';

/**
 * One box that finds courses, lessons and students as the person types, grouped by kind, best
 * match first (the server ranks: decision 0005). Arrow keys move through the results, Enter
 * opens one, Escape closes the list (React Aria's combobox).
 */
export function GlobalSearch({
  initialText = '',
  autoFocus = false,
}: {
  /** What was typed into the stand-in before this arrived (search-field.tsx). */
  initialText?: string;
  autoFocus?: boolean;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const query = useDebounced(text, debounceMs).trim();
  const { data, isFetching } = useSearch(query);
  // Only results for what is in the box now: Enter must never open an answer to older text.
  const current = data && query !== '' && query === text.trim();
  const results = current ? data : { courses: [], lessons: [], students: [] };

  const open = (key: string) => {
    const [kind, id, courseId] = key.split(':');
    setText('');
    if (kind === 'course') navigate(`/courses/${id}`);
    if (kind === 'lesson') navigate(`/courses/${courseId}?tab=content&lesson=${id}`);
    if (kind === 'student') navigate(`/students/${id}`);
  };

  return (
    <ComboBox
      inputValue={text}
      onInputChange={setText}
      onSelectionChange={(key) => (key === null ? null : open(String(key)))}
      defaultFilter={() => true}
      menuTrigger="input"
      allowsEmptyCollection
      className="relative w-full"
    >
      <Label className="sr-only">{t('screens.courses.search')}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-stone-400"
          aria-hidden="true"
        />
        <Input
          // Focus stays where the person put it: on the stand-in it replaces (search-field.tsx).
          autoFocus={autoFocus}
          placeholder={t('screens.courses.search')}
          className={searchInputClass}
        />
        {isFetching ? (
          <Loader2
            className="absolute top-1/2 right-3.5 size-5 -translate-y-1/2 animate-spin text-stone-400 motion-reduce:animate-none"
            aria-label={t('screens.courses.searching')}
          />
        ) : null}
      </div>
      <Popover
        offset={6}
        className="max-h-[70dvh] w-[max(var(--trigger-width),min(28rem,calc(100vw-1.5rem)))] overflow-y-auto rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl"
      >
        <ListBox
          className="outline-none"
          renderEmptyState={() =>
            text.trim() ? (
              <p className="px-3 py-4 text-sm text-stone-500">
                {!current || isFetching
                  ? t('screens.courses.searching')
                  : t('screens.courses.searchEmpty', { query: text.trim() })}
              </p>
            ) : null
          }
        >
          {results.courses.length > 0 ? (
            <ListBoxSection>
              <Header className={headerClass}>{t('screens.courses.searchGroups.courses')}</Header>
              {results.courses.map((course) => (
                <ListBoxItem
                  key={course.id}
                  id={`course:${course.id}`}
                  textValue={course.name}
                  className={itemClass}
                >
                  {course.imageUrl ? (
                    <img
                      src={course.imageUrl}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-lg object-cover"
                    />
                  ) : (
                    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent-50 font-bold text-accent-700">
                      {course.name.charAt(0)}
                    </span>
                  )}
                  <span className="min-w-0 truncate">{course.name}</span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
          {results.lessons.length > 0 ? (
            <ListBoxSection>
              <Header className={headerClass}>{t('screens.courses.searchGroups.lessons')}</Header>
              {results.lessons.map((lesson) => (
                <ListBoxItem
                  key={lesson.id}
                  id={`lesson:${lesson.id}:${lesson.courseId}`}
                  textValue={lesson.title}
                  className={itemClass}
                >
                  <BookOpen className="size-5 shrink-0 text-stone-400" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block truncate">{lesson.title}</span>
                    <span className="block truncate text-xs text-stone-500">
                      {t('screens.courses.lessonIn', { course: lesson.courseName })}
                    </span>
                  </span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
          {results.students.length > 0 ? (
            <ListBoxSection>
              <Header className={headerClass}>{t('screens.courses.searchGroups.students')}</Header>
              {results.students.map((student) => (
                <ListBoxItem
                  key={student.id}
                  id={`student:${student.id}`}
                  textValue={student.name}
                  className={itemClass}
                >
                  <Avatar url={student.avatarUrl} size={32} />
                  <span className="min-w-0 truncate">{student.name}</span>
                </ListBoxItem>
              ))}
            </ListBoxSection>
          ) : null}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
