import { type RefObject, useId, useRef, useState } from 'react';
import {
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
  useController,
} from 'react-hook-form';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { FieldErrorText } from '../../../components/ui/form.tsx';
import { useDebounced } from '../../../hooks/use-debounced.ts';
import { t } from '../../../lib/text.ts';
import { useMentionCandidates } from '../api/posts.ts';
import { isChosenMention, toDisplay, toStored, withMention } from '../mention-text.ts';

/** "@" and what follows it up to the caret, when the caret is in a mention being typed. */
function typedMention(text: string, caret: number): { start: number; typed: string } | null {
  // Names have spaces: the typed part runs to the caret, up to 40 characters on one line.
  const match = text.slice(0, caret).match(/(^|\s)@([^@\n[\]()]{0,40})$/);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, typed: match[2]! };
}

/**
 * A textarea where "@" opens a list of people that filters as the person types; arrow keys and
 * Enter (or a tap) insert the person's name as a mention, Escape closes the list. The box shows
 * "@Name"; `value` and `onChange` carry the stored `@[Name](id)` (mention-text.ts).
 */
export function MentionTextarea({
  label,
  hint,
  value,
  onChange,
  error,
  rows = 4,
  maxLength,
  placeholder,
  labelHidden = false,
  inputRef,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  rows?: number;
  /** Shown as a count from 80 % of it; longer text is kept, marked, and refused on sending. */
  maxLength: number;
  placeholder?: string;
  labelHidden?: boolean;
  /** The textarea itself, for a screen that moves the focus to it. */
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}) {
  const id = useId();
  // The limit is shown before it is reached, and nothing typed or pasted is cut: text past the
  // limit stays for the person to shorten, and the form refuses it with the schema's message.
  const showCount = value.length >= maxLength * 0.8;
  const over = Math.max(0, value.length - maxLength);
  const ownArea = useRef<HTMLTextAreaElement>(null);
  const area = inputRef ?? ownArea;
  const [mention, setMention] = useState<{ start: number; typed: string } | null>(null);
  // People chosen in this box; those already in the text are read from it.
  const [chosen, setChosen] = useState<ReadonlyMap<string, string>>(() => new Map());
  const parsed = toDisplay(value);
  const display = parsed.text;
  const known = new Map([...chosen, ...parsed.mentions]);
  const [active, setActive] = useState(0);
  const typed = useDebounced(mention?.typed ?? null, 150);
  const candidates = useMentionCandidates(mention ? typed : null);
  const people = mention ? (candidates.data?.people ?? []) : [];
  const open = people.length > 0;

  const track = (text: string, caret: number) => {
    const typing = typedMention(text, caret);
    // A name already chosen, with the sentence going on after it, is not a search.
    const next = typing && isChosenMention(text, typing.start, known) ? null : typing;
    setMention(next);
    if (next?.typed !== mention?.typed) setActive(0);
  };

  const insert = (person: { id: string; name: string }) => {
    if (!mention || !area.current) return;
    const { text: next, caret: position } = withMention(
      display,
      mention.start,
      area.current.selectionStart,
      person.name,
    );
    const withPerson = new Map(known).set(person.name, person.id);
    setChosen(withPerson);
    onChange(toStored(next, withPerson));
    setMention(null);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(position, position);
    });
  };

  return (
    <div className="relative">
      <label
        htmlFor={`${id}-text`}
        className={labelHidden ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-stone-700'}
      >
        {label}
      </label>
      <textarea
        ref={area}
        id={`${id}-text`}
        value={display}
        rows={rows}
        placeholder={placeholder}
        aria-invalid={error || over > 0 ? true : undefined}
        aria-describedby={
          [hint ? `${id}-hint` : '', showCount ? `${id}-count` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        aria-controls={open ? `${id}-list` : undefined}
        aria-activedescendant={open ? `${id}-option-${active}` : undefined}
        onChange={(event) => {
          onChange(toStored(event.target.value, known));
          track(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => track(event.currentTarget.value, event.currentTarget.selectionStart)}
        onKeyDown={(event) => {
          if (!open) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((index) => (index + 1) % people.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => (index - 1 + people.length) % people.length);
          } else if (event.key === 'Enter' || event.key === 'Tab') {
            event.preventDefault();
            insert(people[active]!);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            setMention(null);
          }
        }}
        className="w-full rounded-xl border border-stone-300 bg-white px-3.5 py-3 text-base text-stone-900 focus:border-accent-600 focus:outline-none focus:ring-2 focus:ring-accent-100"
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {showCount ? (
        <p
          id={`${id}-count`}
          aria-live="polite"
          className={`mt-1.5 text-right text-xs ${over > 0 ? 'font-semibold text-red-700' : 'text-stone-500'}`}
        >
          {over > 0
            ? t('posts.overLimit', { over })
            : t('posts.characters', { count: value.length, max: maxLength })}
        </p>
      ) : null}
      <FieldErrorText message={error} />
      {open ? (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={t('posts.form.mentionList')}
          // Above the box: below it the list fell under a sheet's footer and the phone's keyboard.
          className="absolute inset-x-0 bottom-full z-10 mb-1 max-h-56 overflow-y-auto rounded-2xl border border-stone-200 bg-white p-1.5 shadow-xl"
        >
          {people.map((person, index) => (
            <div
              key={person.id}
              tabIndex={-1}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              // Keep the textarea focused while a tap chooses someone.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => insert(person)}
              onKeyDown={() => undefined}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-1.5 text-[15px] ${index === active ? 'bg-accent-50 text-accent-900' : 'text-stone-800'}`}
            >
              <Avatar url={person.avatarUrl} size={28} />
              <span className="min-w-0 flex-1 truncate">{person.name}</span>
              <span className="text-xs text-stone-500">{t(`role.${person.role}`)}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A MentionTextarea bound to a text field of a react-hook-form form: it shows the field's error,
 * which goes as soon as the text changes rather than at the next submit. Only this box draws
 * again at each key, not the form around it.
 */
export function MentionTextField<Values extends FieldValues, Sent extends FieldValues>({
  form,
  name,
  ...box
}: {
  form: UseFormReturn<Values, unknown, Sent>;
  name: FieldPathByValue<Values, string>;
} & Omit<Parameters<typeof MentionTextarea>[0], 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ control: form.control, name });
  return (
    <MentionTextarea
      {...box}
      value={field.value}
      onChange={(next) => {
        form.clearErrors(name);
        field.onChange(next);
      }}
      error={fieldState.error?.message}
    />
  );
}
