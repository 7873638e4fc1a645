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

  it('drops a member’s answers when the server names someone else, and only then', () => {
    const member = (id: string) => ({ state: 'member', person: { id } });
    queryClient.setQueryData(['me'], member('lan'));
    queryClient.setQueryData(['posts', 'feed'], 'Lan’s feed');
    // Her own answers under ['me', …] say nothing of who is signed in.
    queryClient.setQueryData(['me', 'profile'], { name: 'Lan' });
    queryClient.setQueryData(['me'], member('lan'));
    expect(queryClient.getQueryData(['posts', 'feed'])).toBe('Lan’s feed');
    // Another person signed in on this phone: nothing of Lan's stays.
    queryClient.setQueryData(['me'], member('hoa'));
    expect(queryClient.getQueryData(['posts', 'feed'])).toBeUndefined();
    expect(queryClient.getQueryData(['me', 'profile'])).toBeUndefined();
    // A visitor who becomes a member keeps what she was shown.
    queryClient.setQueryData(['me'], { state: 'anonymous' });
    queryClient.setQueryData(['posts', 'feed'], 'the guest feed');
    queryClient.setQueryData(['me'], member('mai'));
    expect(queryClient.getQueryData(['posts', 'feed'])).toBe('the guest feed');
    queryClient.clear();
  });
});
