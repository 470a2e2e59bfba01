/**
 * The rows of `manager.query('UPDATE … RETURNING …')`: TypeORM's postgres driver answers an UPDATE or DELETE as
 * `[rows, affected]` and a SELECT or INSERT as the rows themselves.
 */
export function returnedRows<T>(result: unknown): T[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}
