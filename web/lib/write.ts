/** What a screen shows of a write's outcome. */
export interface WriteEffects<Data> {
  onSuccess?: (data: Data) => void;
  onError?: (failure: unknown) => void;
  /** After either, as the screen moves on whatever the answer (a sign-out, a permission asked). */
  onSettled?: () => void;
}

/**
 * Runs a named write hook's mutation, then what the screen shows of its outcome. Unlike the
 * callbacks given to `mutate()`, these run even when the component is gone by the time the
 * server answers (a person's card leaves its list once approved, a screen is drawn again): the
 * toast still says it. A failure is told by the hook's `meta.errorToast` unless `onError` says
 * it here.
 */
export function write<Data, Variables>(
  mutation: { mutateAsync: (variables: Variables) => Promise<Data> },
  variables: Variables,
  { onSuccess, onError = () => {}, onSettled }: WriteEffects<Data> = {},
): void {
  void mutation.mutateAsync(variables).then(onSuccess, onError).finally(onSettled);
}
