import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { queriesFetching } from './queries-fetching.ts';
import { queryClient, reportMutationErrorsTo } from './query-client.ts';

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

  it('tells a failed write once, in the toast, with the server’s reason for a refusal', async () => {
    const told: string[] = [];
    const stop = reportMutationErrorsTo((message) => told.push(message));
    const run = (meta: { errorToast?: string }, failure: Error) =>
      queryClient
        .getMutationCache()
        .build(queryClient, { mutationFn: () => Promise.reject(failure), meta })
        .execute(undefined)
        .catch(() => undefined);
    await run({ errorToast: 'Không lưu được.' }, new ApiError(409, 'conflict', 'Đã có người sửa.'));
    await run({ errorToast: 'Không lưu được.' }, new ApiError(503, 'down', 'Máy chủ bận.'));
    // A write that shows its failure itself (beside a field) names no toast.
    await run({}, new ApiError(400, 'invalid', 'Sai.'));
    stop();
    await run({ errorToast: 'Không lưu được.' }, new Error('after the layout left'));
    expect(told).toEqual(['Không lưu được. Đã có người sửa.', 'Không lưu được.']);
  });
});
