import { useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { queriesFetching } from '../../lib/queries-fetching.ts';
import { t } from '../../lib/shell-text.ts';

/** A thin bar at the top while a screen or its data is loading. */
export function TopLoadingBar() {
  const navigation = useNavigation();
  const fetching = useSyncExternalStore(queriesFetching.subscribe, queriesFetching.get);
  if (navigation.state === 'idle' && !fetching) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      data-testid="top-loading-bar"
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-accent-100"
    >
      <div className="h-full w-2/5 animate-loading-bar bg-accent-600" />
    </div>
  );
}
