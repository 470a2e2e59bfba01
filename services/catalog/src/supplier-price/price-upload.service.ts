import { Injectable } from '@nestjs/common';
import {
  CommonErrorCode,
  PRICE_FIELDS,
  V,
  businessDate,
  roundUnitCost,
  supplierPriceInputSchema,
} from '@scm/contracts';
import type { AccessTokenClaims, SupplierPriceChange, SupplierPriceUploadResult } from '@scm/contracts';
import type { Language } from '@scm/i18n';
import {
  AppException,
  UnreadableWorkbookError,
  dataRows,
  importColumn,
  inTransaction,
  isXlsx,
  matchHeader,
  readWorkbook,
  rowReader,
  templateSheets,
  translateLabel,
  writeWorkbook,
} from '@scm/platform';
import type { ExcelFile, FieldProblem, ImportColumn, RowProblem, UploadedFiles } from '@scm/platform';
import type { EntityManager } from 'typeorm';
import { SkuService } from '../sku/sku.service.js';
import type { SupplierPriceEntity } from './supplier-price.entity.js';
import { SupplierPriceException } from './supplier-price.exception.js';
import { SupplierPriceRepository, uploadKey } from './supplier-price.repository.js';
import { SupplierPriceService, checkFutureDates, pickPrices } from './supplier-price.service.js';

/** Prices as compared and written: the current one always set. */
type Prices = Record<(typeof PRICE_FIELDS)[number], string | null> & { current_price: string };

/** A valid row of an uploaded price file, resolved to ids. */
interface PriceRow {
  row: number;
  sku_id: string;
  supplier_id: string;
  /** The unit as the SKU spells it. */
  uom_name: string;
  prices: Prices;
}

/** The columns of a price file, in template order (every price is a cost). */
const COLUMNS: ImportColumn[] = [
  importColumn.text('sku_id', 'pricing:fields.sku_id', { required: true, example: 'FLOUR-25' }),
  importColumn.text('supplier_id', 'pricing:fields.supplier_id', { required: true, example: 'S001' }),
  importColumn.text('uom', 'pricing:fields.uom_name', { required: true, example: 'CTN' }),
  importColumn.number('current_price', 'pricing:fields.current_price', {
    required: true,
    cost: true,
    example: '12.50',
  }),
  importColumn.number('future_price_1', 'pricing:fields.future_price_1', { cost: true, example: '13.00' }),
  importColumn.date('future_price_1_date', 'pricing:fields.future_price_1_date', { cost: true, example: '2027-01-01' }),
  importColumn.number('future_price_2', 'pricing:fields.future_price_2', { cost: true, example: '' }),
  importColumn.date('future_price_2_date', 'pricing:fields.future_price_2_date', { cost: true, example: '' }),
];

/**
 * The price upload of /supplier/price: the file is read and every row checked (references, SPEC.md §5's
 * rules, dates after today, one row per SKU × supplier × UOM); `preview` answers what would change, `apply`
 * changes it — every row in one transaction, or none. A file that changes nothing is "No changes detected".
 */
@Injectable()
export class PriceUploadService {
  constructor(
    private readonly prices: SupplierPriceRepository,
    private readonly priceService: SupplierPriceService,
    private readonly skus: SkuService,
  ) {}

  async template(user: AccessTokenClaims, language: Language): Promise<ExcelFile> {
    const sheets = await templateSheets(COLUMNS, language, undefined, { canSeeCost: user.cost });
    return {
      fileName: `${translateLabel(language, 'pricing:exportFileName')}.xlsx`,
      body: await writeWorkbook(sheets),
    };
  }

  async preview(user: AccessTokenClaims, files: UploadedFiles): Promise<SupplierPriceUploadResult> {
    const { changes, unchanged } = await this.compare(this.prices.dataSource.manager, user, await readUpload(files));
    return { changes: changes.map((change) => change.view), unchanged, applied: false };
  }

  async apply(user: AccessTokenClaims, files: UploadedFiles): Promise<SupplierPriceUploadResult> {
    const body = await readUpload(files);
    return inTransaction(this.prices.dataSource, async (manager) => {
      // Compared again inside the transaction that applies it: what is applied is what was checked.
      const { changes, unchanged } = await this.compare(manager, user, body);
      const bySku = new Map<string, PriceRow[]>();
      for (const change of changes) bySku.set(change.row.sku_id, [...(bySku.get(change.row.sku_id) ?? []), change.row]);
      for (const [skuId, rows] of bySku) {
        await this.skus.changePrices(skuId, async (manager) => {
          for (const row of rows) {
            const key = { sku_id: row.sku_id, supplier_id: row.supplier_id, uom_name: row.uom_name };
            await this.priceService.write(manager, key, row.prices);
          }
        });
      }
      return { changes: changes.map((change) => change.view), unchanged, applied: true };
    });
  }

  /** Reads and checks every row; throws with all problems, or "No changes detected". */
  private async compare(manager: EntityManager, user: AccessTokenClaims, body: Buffer) {
    const rows = await this.readRows(manager, user, body);
    const existing = await this.prices.byUploadKey(manager);
    const changes: { row: PriceRow; view: SupplierPriceChange }[] = [];
    let unchanged = 0;
    for (const row of rows) {
      const before = existing.get(uploadKey(row.sku_id, row.supplier_id, row.uom_name));
      const beforePrices = before ? normalise(pickPrices(before)) : null;
      if (beforePrices && PRICE_FIELDS.every((field) => beforePrices[field] === row.prices[field])) {
        unchanged += 1;
        continue;
      }
      changes.push({
        row,
        view: {
          row: row.row,
          sku_id: row.sku_id,
          supplier_id: row.supplier_id,
          uom_name: row.uom_name,
          before: beforePrices,
          after: row.prices,
        },
      });
    }
    if (changes.length === 0) throw SupplierPriceException.noChanges();
    return { changes, unchanged };
  }

  private async readRows(manager: EntityManager, user: AccessTokenClaims, body: Buffer): Promise<PriceRow[]> {
    let sheets;
    try {
      sheets = await readWorkbook(body);
    } catch (error) {
      if (error instanceof UnreadableWorkbookError)
        throw new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED);
      throw error;
    }
    const sheet = sheets[0] ? dataRows(sheets[0]) : null;
    if (!sheet || sheet.rows.length === 0) throw SupplierPriceException.noChanges();
    const header = matchHeader(sheet.header, sheet.headerRow, COLUMNS, { canSeeCost: user.cost });
    if (header.problems.length > 0) throw SupplierPriceException.uploadInvalid(header.problems.map(fieldProblem));

    const skus = await this.skusNamed(
      manager,
      sheet.rows.map((row) => row.cells[header.indexOf.get('sku_id')!]),
    );
    const skuIds = [...skus.values()].map((sku) => sku.sku_id);
    // Looked up once for the whole file, not per row.
    const uoms = await this.prices.skuUomsByName(manager, skuIds);
    const listed = await this.prices.skuSuppliers(manager, skuIds);
    const read = rowReader(COLUMNS, header.indexOf);
    const today = businessDate();
    const seen = new Map<string, number>();
    const problems: RowProblem[] = [];
    const rows: PriceRow[] = [];
    for (const dataRow of sheet.rows) {
      const { values, problems: cellProblems } = read(dataRow);
      problems.push(...cellProblems);
      if (cellProblems.length > 0) continue;
      const problem = (column: string, rule: string, params?: Record<string, string | number>) =>
        problems.push({ row: dataRow.row, column, rule, ...(params && { params }) });
      const skuText = (values.sku_id as string | undefined) ?? '';
      const sku = skus.get(skuText.toLowerCase());
      const skuId = sku?.sku_id;
      const given = ((values.uom as string | undefined) ?? '').trim();
      // The unit by its real name (BAG), any case; spelled as the SKU spells it.
      const unit = skuId ? uoms.get(`${skuId}/${given}`.toLowerCase()) : undefined;
      const uomName = unit ?? given;
      const parsed = supplierPriceInputSchema.safeParse({
        sku_id: skuId ?? skuText,
        supplier_id: values.supplier_id,
        uom_name: uomName,
        current_price: values.current_price,
        future_price_1: values.future_price_1 ?? null,
        future_price_1_date: values.future_price_1_date ?? null,
        future_price_2: values.future_price_2 ?? null,
        future_price_2_date: values.future_price_2_date ?? null,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'sku_id');
          problem(field === 'uom_name' ? 'uom' : field, issue.message);
        }
        continue;
      }
      if (!skuId) problem('sku_id', 'errors.CATALOG_SKU_NOT_FOUND');
      else if (sku?.status === 'archived') problem('sku_id', 'errors.CATALOG_SKU_ARCHIVED');
      else if (!unit) problem('uom', 'errors.CATALOG_SUPPLIER_PRICE_UOM_NOT_LISTED');
      if (!skuId || !unit || sku?.status === 'archived') continue;
      const input = parsed.data;
      try {
        checkFutureDates(input, today);
      } catch (error) {
        if (!(error instanceof AppException)) throw error;
        for (const field of error.fieldProblems) problem(field.field, field.rule);
        continue;
      }
      const key = uploadKey(skuId, input.supplier_id, uomName);
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        problem('sku_id', 'pricing:uploadErrors.repeatedRow', { row: earlier });
        continue;
      }
      seen.set(key, dataRow.row);
      if (!listed.has(`${skuId}/${input.supplier_id}`)) {
        problem('supplier_id', 'errors.CATALOG_SUPPLIER_PRICE_SUPPLIER_NOT_LISTED');
        continue;
      }
      rows.push({
        row: dataRow.row,
        sku_id: skuId,
        supplier_id: input.supplier_id,
        uom_name: uomName,
        prices: normalise(input),
      });
    }
    if (problems.length > 0) throw SupplierPriceException.uploadInvalid(problems.map(fieldProblem));
    return rows;
  }

  /** The SKUs the file names (stored id and status), by lower-cased code. */
  private async skusNamed(
    manager: EntityManager,
    cells: unknown[],
  ): Promise<Map<string, { sku_id: string; status: string }>> {
    const codes = [...new Set(cells.filter((cell): cell is string => typeof cell === 'string').map((c) => c.trim()))];
    const rows: { sku_id: string; status: string }[] = await manager.query(
      `SELECT sku_id, status FROM sku WHERE lower(sku_id) = ANY($1)`,
      [codes.map((code) => code.toLowerCase())],
    );
    return new Map(rows.map((row) => [row.sku_id.toLowerCase(), row]));
  }
}

/** The one file of the upload (an .xlsx), read whole. */
async function readUpload(files: UploadedFiles): Promise<Buffer> {
  let body: Buffer | undefined;
  await files((file) => {
    if (body) return Promise.resolve();
    if (!isXlsx(file.body)) return Promise.reject(new AppException(CommonErrorCode.SPREADSHEET_TYPE_NOT_ALLOWED));
    body = file.body;
    return Promise.resolve();
  });
  if (!body) throw new AppException(CommonErrorCode.VALIDATION_FAILED, {}, [{ field: 'file', rule: V.required }]);
  return body;
}

/** Prices as the database gives them back (numeric(18,4): `12.5000`), so equal prices compare equal. */
function normalise(prices: Prices | Pick<SupplierPriceEntity, (typeof PRICE_FIELDS)[number]>): Prices {
  const fixed = (value: string | null) => (value === null ? null : roundUnitCost(value));
  return {
    current_price: roundUnitCost(prices.current_price),
    future_price_1: fixed(prices.future_price_1),
    future_price_1_date: prices.future_price_1_date,
    future_price_2: fixed(prices.future_price_2),
    future_price_2_date: prices.future_price_2_date,
  };
}

/** A row's problem as a field error named `rows.<row>.<column>`. */
function fieldProblem(problem: RowProblem): FieldProblem {
  return {
    field: `rows.${problem.row}.${problem.column ?? 'row'}`,
    rule: problem.rule,
    ...(problem.params && { params: problem.params }),
  };
}
