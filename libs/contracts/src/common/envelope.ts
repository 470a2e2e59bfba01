/** Every response body (SPEC.md §7): `status` equals the HTTP status; only 200 and 201 are success. */
export interface ApiEnvelope<T = unknown> {
  status: number;
  message: string;
  data: T;
  recordsTotal?: number;
  /** Keyset lists: the cursor of the next page, null on the last one (instead of `recordsTotal`). */
  next_cursor?: string | null;
  /** Stable error code from libs/contracts, present on errors only. */
  code?: string;
  /** Field-level validation problems, present on validation errors only. */
  errors?: FieldError[];
  /** Correlation id of the request, present on errors so support can find the log lines. */
  correlationId?: string;
}

export interface FieldError {
  /** Dotted path of the offending field, e.g. `uom_per_primary` or `contact_person.0.email`. */
  field: string;
  /** i18n key of the message (SPEC.md §5 wording), e.g. `validation.required`. */
  rule: string;
  /** The message in the caller's language. */
  message: string;
  /** Values interpolated into the message (e.g. `{ max: 100 }`). */
  params?: Record<string, string | number>;
}

export function isSuccessStatus(status: number): boolean {
  return status === 200 || status === 201;
}
