import { livePositionPattern } from '#shared/schemas/events';

/**
 * The earliest point in the server's order of events that this page's reads were answered at
 * (`x-live-position`): the page's event stream opens from there and is sent what changed after
 * it, so nothing read before the stream opened needs reading again. Points of two server
 * processes cannot be compared; then there is none, and the page reads again instead.
 */
let earliest: { epoch: string; count: number } | 'mixed' | null = null;

export const livePosition = {
  note(value: string | null) {
    if (earliest === 'mixed' || value === null || !livePositionPattern.test(value)) return;
    const [epoch = '', count = ''] = value.split('.');
    const point = { epoch, count: Number(count) };
    if (earliest === null) earliest = point;
    else if (earliest.epoch !== point.epoch) earliest = 'mixed';
    else if (point.count < earliest.count) earliest = point;
  },
  /** What `/api/events?since=` takes, when every read so far came from one process. */
  since(): string | undefined {
    return earliest === null || earliest === 'mixed'
      ? undefined
      : `${earliest.epoch}.${earliest.count}`;
  },
};
