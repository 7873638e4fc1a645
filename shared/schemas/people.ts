import { limits } from '../limits.ts';
import { shell } from '../locales/vi/shell.ts';
import { z } from '../zod.ts';

/** Vietnamese phone numbers as people type them: "0912 345 678", "+84 912 345 678", "0912.345.678". */
export const VietnamesePhone = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s.\-()]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:\+?84|0)(?:3|5|7|8|9|2\d)\d{8}$/, { message: shell.validation.phoneInvalid })
      .transform((digits) => `0${digits.replace(/^\+?84|^0/, '')}`),
  );

export const PersonName = z
  .string()
  .trim()
  .min(2, { message: shell.validation.personNameRequired })
  .max(limits.personNameMax, { message: shell.validation.personNameTooLong });

/** A date of birth as YYYY-MM-DD, a real date, not in the future. */
export const DateOfBirth = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: shell.validation.dobInvalid })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: shell.validation.dobInvalid,
    },
  )
  .refine((value) => value <= new Date().toISOString().slice(0, 10), {
    message: shell.validation.dobInFuture,
  })
  .refine((value) => value >= '1900-01-01', { message: shell.validation.dobInvalid });

export const Role = z.enum(['admin', 'instructor', 'student']);
export type Role = z.infer<typeof Role>;
export const PersonStatus = z.enum(['pending', 'active', 'blocked', 'completed']);
export type PersonStatus = z.infer<typeof PersonStatus>;
