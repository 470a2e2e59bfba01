/**
 * Quantities of the batch choice in thousandths (quantities have 3 decimals), so sums compare exactly; the ledger
 * keeps the figures, this only checks what the user typed against the target before asking it.
 */
export function toMilli(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^-?\d+(\.\d{1,3})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return text.startsWith('-') ? -milli : milli;
}

export function fromMilli(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const fraction = String(abs % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1000)}${fraction ? `.${fraction}` : ''}`;
}

/** A quantity of the primary unit in the line's unit (`factor` primary units make one line unit), to 3 decimals. */
export function inUnit(primary: string | number, factor: string | number | undefined): number {
  const f = Number(factor ?? 1) || 1;
  return Math.round((Number(primary) / f) * 1000) / 1000;
}

/** The batches chosen sum to the target (both in the line's unit). */
export function batchesMatch(batches: readonly { quantity: string | number }[], target: string | number): boolean {
  const want = toMilli(target);
  if (want === null) return false;
  const sum = batches.reduce((total, batch) => total + (toMilli(batch.quantity) ?? Number.NaN), 0);
  return sum === Math.abs(want);
}

/** "12.500" → "12.5", "3.000" → "3": a saved figure as a person types it. */
export function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
