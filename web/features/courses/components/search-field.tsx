import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { t } from '../../../lib/text.ts';
import { searchInputClass } from './search-input-class.ts';

const searchModule = lazyModule(() => import('./global-search.tsx'));

/**
 * The courses screen's search box. Its combobox (React Aria's, global-search.tsx) is fetched at
 * the person's first touch or key anywhere on the screen, or when the box is focused, not while
 * the screen opens: until then a plain field that looks the same stands in, and what was typed
 * into it and the focus carry over to the combobox when it arrives.
 */
export function SearchField() {
  const [module, setModule] = useState(searchModule.current);
  const standIn = useRef<HTMLInputElement>(null);
  const [handOver, setHandOver] = useState({ text: '', focused: false });
  const id = useId();

  useEffect(() => {
    if (module) return;
    let mounted = true;
    const fetchIt = () => {
      removeEventListener('pointerdown', fetchIt, true);
      removeEventListener('keydown', fetchIt, true);
      searchModule.load().then(
        (loaded) => {
          if (!mounted) return;
          setHandOver({
            text: standIn.current?.value ?? '',
            focused: document.activeElement === standIn.current,
          });
          setModule(loaded);
        },
        // Not there (offline before it was ever fetched): the plain field stays.
        () => undefined,
      );
    };
    const field = standIn.current;
    addEventListener('pointerdown', fetchIt, true);
    addEventListener('keydown', fetchIt, true);
    field?.addEventListener('focus', fetchIt);
    return () => {
      mounted = false;
      removeEventListener('pointerdown', fetchIt, true);
      removeEventListener('keydown', fetchIt, true);
      field?.removeEventListener('focus', fetchIt);
    };
  }, [module]);

  if (module) {
    return <module.GlobalSearch initialText={handOver.text} autoFocus={handOver.focused} />;
  }
  return (
    <div className="relative w-full">
      <label htmlFor={id} className="sr-only">
        {t('screens.courses.search')}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-stone-400"
          aria-hidden="true"
        />
        <input
          ref={standIn}
          id={id}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={t('screens.courses.search')}
          className={searchInputClass}
        />
      </div>
    </div>
  );
}
