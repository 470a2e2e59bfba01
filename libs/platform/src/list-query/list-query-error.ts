/**
 * A list query the resource does not allow: an unknown or unsortable sort column, an unknown filter key, a
 * filter value of the wrong shape, an unknown selected column. The HTTP layer answers it with a 400
 * validation error naming `field` (e.g. `order_by[0].column`, `other_params.status`, `columns[2]`).
 */
export class ListQueryError extends Error {
  readonly field: string;
  readonly reason: string;

  constructor(field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = 'ListQueryError';
    this.field = field;
    this.reason = reason;
  }
}
