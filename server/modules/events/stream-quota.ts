import { limits } from '#shared/limits';
import { AppError } from '../../lib/app-error.ts';

/**
 * How many live-event streams are open in this process per person and per client address. A
 * stream is admitted before it is opened and released when it closes, so a script holding a
 * thousand streams gets a 429 at the cap instead of the process's memory and sockets.
 */
export class StreamQuota {
  private readonly byPerson = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(
    private readonly perPerson: number = limits.liveStreamsPerPerson,
    private readonly perAddress: number = limits.liveStreamsPerAddress,
  ) {}

  /** Counts one more stream, or refuses it with 429; the answer releases it (once). */
  admit(personId: string | null, address: string): () => void {
    if ((this.byAddress.get(address) ?? 0) >= this.perAddress) {
      throw new AppError('too_many_streams', 429);
    }
    if (personId !== null && (this.byPerson.get(personId) ?? 0) >= this.perPerson) {
      throw new AppError('too_many_streams', 429);
    }
    add(this.byAddress, address, 1);
    if (personId !== null) add(this.byPerson, personId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      add(this.byAddress, address, -1);
      if (personId !== null) add(this.byPerson, personId, -1);
    };
  }
}

function add(counts: Map<string, number>, key: string, delta: number) {
  const next = (counts.get(key) ?? 0) + delta;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
