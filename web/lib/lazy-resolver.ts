import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's check by its shared zod schema (the server's rule, decision 0003), fetched when the
 * form first checks its values instead of with the screen: zod and the schemas are a long task to
 * evaluate on a slow phone, and a screen shows its forms closed or empty until someone types.
 */
export function lazyZodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  loadSchema: () => Promise<Schema>,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  type Check = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let ready: Promise<Check> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Check,
    );
    // A fetch that failed (the connection dropped) is tried again at the next check.
    ready.catch(() => {
      ready = undefined;
    });
    return (await ready)(values, context, options);
  };
}
