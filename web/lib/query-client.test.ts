import { describe, expect, it } from 'vitest';
import { queriesFetching } from './queries-fetching.ts';
import { queryClient } from './query-client.ts';

describe("the app's query cache", () => {
  it("tells the shell's loading bar while a query is fetching, and when none is", async () => {
    let answer!: (value: string) => void;
    const seen: boolean[] = [];
    const unsubscribe = queriesFetching.subscribe(() => seen.push(queriesFetching.get()));
    const fetching = queryClient.fetchQuery({
      queryKey: ['loading-bar-test'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    await Promise.resolve();
    expect(queriesFetching.get()).toBe(true);
    answer('done');
    await expect(fetching).resolves.toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queriesFetching.get()).toBe(false);
    expect(seen).toEqual([true, false]);
    unsubscribe();
  });
});
