import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  EMPTY,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatUnitCost,
  toNumber,
} from '../../lib/format';
import { Badge } from '../ui/Badge';
import { StatusBadge, statusLabel } from '../ui/StatusBadge';
import type { CellKind, Column, ExportValue } from './types';

export function fieldOf<Row>(column: Column<Row>): string | null {
  return column.field === undefined ? column.id : column.field;
}

function rawValue<Row>(column: Column<Row>, row: Row): unknown {
  const field = fieldOf(column);
  return field === null ? undefined : (row as Record<string, unknown>)[field];
}

function currencyOf<Row>(column: Column<Row>, row: Row): string | undefined {
  return typeof column.currency === 'function' ? column.currency(row) : column.currency;
}

type Scalar = string | number | null | undefined;

/** Kinds whose value is a number: right-aligned, exported as a number. */
const NUMERIC_KINDS: readonly CellKind[] = ['number', 'quantity', 'currency', 'unitCost', 'percent'];

/** Text of a cell value: lists (e.g. location ids) joined, objects as JSON rather than "[object Object]". */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => textOf(item)).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** The text of a cell by its kind (what the screen shows and the Excel file holds for text kinds). */
export function formatCell<Row>(column: Column<Row>, row: Row, t: TFunction): string {
  const value = rawValue(column, row);
  switch (column.kind ?? 'text') {
    case 'number':
      return formatNumber(value as Scalar, column.decimals ?? 2);
    case 'quantity':
      return formatQuantity(value as Scalar, column.decimals ?? 3);
    case 'currency':
      return formatCurrency(value as Scalar, currencyOf(column, row));
    case 'unitCost':
      return formatUnitCost(value as Scalar, currencyOf(column, row));
    case 'percent':
      return formatPercent(value as Scalar);
    case 'date':
      return formatDate(value as Scalar);
    case 'datetime':
      return formatDateTime(value as Scalar);
    case 'boolean':
      return value === null || value === undefined ? EMPTY : t(value ? 'kit:common.yes' : 'kit:common.no');
    case 'status':
      return typeof value === 'string' && value ? statusLabel(t, value) : EMPTY;
    case 'text':
      return value === null || value === undefined || value === '' ? EMPTY : textOf(value);
  }
}

export function renderCell<Row>(column: Column<Row>, row: Row, t: TFunction): ReactNode {
  if (column.cell) return column.cell(row);
  const value = rawValue(column, row);
  if (column.kind === 'status') return typeof value === 'string' ? <StatusBadge status={value} /> : EMPTY;
  if (column.kind === 'boolean' && typeof value === 'boolean') {
    return <Badge tone={value ? 'amber' : 'gray'}>{t(value ? 'kit:common.yes' : 'kit:common.no')}</Badge>;
  }
  return formatCell(column, row, t);
}

/** The Excel value: numbers stay numbers, everything else the text the screen shows. */
export function exportCell<Row>(column: Column<Row>, row: Row, t: TFunction): ExportValue {
  if (column.exportValue) return column.exportValue(row);
  const kind = column.kind ?? 'text';
  if (NUMERIC_KINDS.includes(kind)) return toNumber(rawValue(column, row) as Scalar) ?? null;
  const text = formatCell(column, row, t);
  return text === EMPTY ? null : text;
}

export function alignClass(column: Column<unknown>): string {
  const align = column.align ?? (NUMERIC_KINDS.includes(column.kind ?? 'text') ? 'right' : 'left');
  return align === 'right' ? 'text-right' : align === 'center' ? 'text-center' : 'text-left';
}
