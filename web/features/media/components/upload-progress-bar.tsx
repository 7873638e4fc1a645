import { t } from '../../../lib/text.ts';

/** How far an upload has gone, 0–100, as an accessible progress bar. */
export function UploadProgressBar({ percent, className }: { percent: number; className: string }) {
  return (
    <div
      role="progressbar"
      aria-label={t('upload.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`overflow-hidden rounded-full ${className}`}
    >
      <div
        className="h-full rounded-full bg-accent-600 transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
