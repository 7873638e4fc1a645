import { academyMark, useAcademy } from '../../lib/academy.ts';

/** What shows while the first screen's code loads: the academy's mark on a calm page. */
export function Splash() {
  const identity = useAcademy();
  return (
    <div className="grid min-h-dvh place-items-center bg-stone-50" aria-busy="true">
      <img
        src={academyMark(identity)}
        alt=""
        width={64}
        height={64}
        className="size-16 rounded-2xl opacity-90"
      />
    </div>
  );
}
