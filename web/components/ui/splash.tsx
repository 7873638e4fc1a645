/*
 * The page's own splash picture (index.html's, which the server or the page's first script made
 * the academy's mark), kept as React draws over it: the splash never switches pictures, and the
 * first script the app loads stays free of the academy's code (web/lib/academy.ts).
 */
const pageMark =
  typeof document === 'undefined'
    ? undefined
    : document.querySelector('#root img')?.getAttribute('src');

/** What shows while the first screen's code loads: the academy's mark on a calm page. */
export function Splash() {
  return (
    <div className="grid min-h-dvh place-items-center bg-stone-50" aria-busy="true">
      <img
        src={pageMark ?? '/icons/icon-192.png'}
        alt=""
        width={64}
        height={64}
        className="size-16 rounded-2xl object-contain opacity-90"
      />
    </div>
  );
}
