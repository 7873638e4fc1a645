/** What shows while the first screen's code loads: the academy's mark on a calm page. */
export function Splash() {
  return (
    <div className="grid min-h-dvh place-items-center bg-stone-50" aria-busy="true">
      <img
        src="/icons/icon-192.png"
        alt=""
        width={64}
        height={64}
        className="size-16 rounded-2xl opacity-90"
      />
    </div>
  );
}
