import { Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import {
  BOM_API_PATHS,
  BOM_PERMISSIONS,
  bomCostPreviewSchema,
  bomSkuOptionsQuerySchema,
  listQuerySchema,
  pluBomInputSchema,
  skuBomInputSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  BomCostPreview,
  BomFormOptions,
  BomKind,
  BomListRow,
  BomSkuOption,
  BomView,
  ListQuery,
  ValidBomCostPreviewInput,
  ValidBomInput,
  ValidBomSkuOptionsQuery,
} from '@scm/contracts';
import {
  AnyPermission,
  CallerScope,
  CodeParam,
  CurrentUser,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { BomService } from './bom.service.js';

const INPUT_SCHEMAS = { sku_bom: skuBomInputSchema, plu_bom: pluBomInputSchema } as const;

/**
 * The controller of one kind: `/api/catalog/sku-boms` (SKU_BOM) or `/api/catalog/plu-boms` (PLU_BOM); the id in
 * the path is the BOM code. Costs are answered only to roles with can_see_cost.
 */
function bomController(kind: BomKind, className: string): Type {
  const key = BOM_PERMISSIONS[kind];
  const schema = INPUT_SCHEMAS[kind];

  @ServiceController(`catalog/${BOM_API_PATHS[kind]}`, 'catalog: BOM')
  class BomController {
    constructor(@Inject(BomService) private readonly boms: BomService) {}

    @Post('list')
    @HttpCode(200)
    @Permission(key, 'view')
    async list(
      @ValidBody(listQuerySchema) query: ListQuery,
      @CurrentUser() user: AccessTokenClaims,
      @CallerScope() scope: LocationScope,
    ): Promise<ListPage<BomListRow>> {
      return this.boms.list(kind, query, user.cost, scope);
    }

    @Get(':id')
    @Permission(key, 'view')
    async get(
      @CodeParam() bomId: string,
      @CurrentUser() user: AccessTokenClaims,
      @CallerScope() scope: LocationScope,
    ): Promise<BomView> {
      return this.boms.get(kind, bomId, scope);
    }

    @Post()
    @Permission(key, 'edit')
    @SuccessMessage('messages.created')
    async create(
      @ValidBody(schema) input: ValidBomInput,
      @CurrentUser() user: AccessTokenClaims,
      @CallerScope() scope: LocationScope,
    ): Promise<BomView> {
      return this.boms.create(kind, input, scope);
    }

    @Put(':id')
    @Permission(key, 'edit')
    @SuccessMessage('messages.updated')
    async update(
      @CodeParam() bomId: string,
      @ValidBody(schema) input: ValidBomInput,
      @CurrentUser() user: AccessTokenClaims,
      @CallerScope() scope: LocationScope,
    ): Promise<BomView> {
      return this.boms.update(kind, bomId, input, scope);
    }

    @Post(':id/archive')
    @HttpCode(200)
    @Permission(key, 'edit')
    @SuccessMessage('messages.archived')
    async archive(
      @CodeParam() bomId: string,
      @CurrentUser() user: AccessTokenClaims,
      @CallerScope() scope: LocationScope,
    ): Promise<BomView> {
      return this.boms.archive(kind, bomId, scope);
    }

    @Post(':id/reactivate')
    @HttpCode(200)
    @Permission(key, 'edit')
    @SuccessMessage('messages.reactivated')
    async reactivate(
      @CodeParam() bomId: string,
      @CurrentUser() user: AccessTokenClaims,
      @CallerScope() scope: LocationScope,
    ): Promise<BomView> {
      return this.boms.reactivate(kind, bomId, scope);
    }

    @Delete(':id')
    @Permission(key, 'edit')
    @SuccessMessage('messages.deleted')
    async delete(@CodeParam() bomId: string, @CallerScope() scope: LocationScope): Promise<null> {
      await this.boms.delete(kind, bomId, scope);
      return null;
    }
  }

  Object.defineProperty(BomController, 'name', { value: className });
  return BomController;
}

/** /PLUSKU/skubom/list (SKU_BOM). */
export const SkuBomController = bomController('sku_bom', 'SkuBomController');
/** /PLUSKU/plubom/list (PLU_BOM). */
export const PluBomController = bomController('plu_bom', 'PluBomController');

/**
 * The choices of the BOM and PLU forms, for users who may not hold the SKU, UOM or LOCATION keys: SKUs to consume
 * (with their UOMs), UOMs and locations. Any of SKU_BOM, PLU_BOM, PLU grants it.
 */
@ServiceController('catalog/bom-options', 'catalog: BOM')
export class BomOptionsController {
  constructor(private readonly boms: BomService) {}

  @Post('skus')
  @HttpCode(200)
  @AnyPermission(['SKU_BOM', 'PLU_BOM', 'PLU'], 'view')
  skus(
    @ValidBody(bomSkuOptionsQuerySchema) query: ValidBomSkuOptionsQuery,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<BomSkuOption[]> {
    return this.boms.skuOptions(query, user.cost);
  }

  /** A recipe being written: its costs before it is saved (cost fields only with can_see_cost). */
  @Post('cost-preview')
  @HttpCode(200)
  @AnyPermission(['SKU_BOM', 'PLU_BOM', 'PLU'], 'edit')
  costPreview(@ValidBody(bomCostPreviewSchema) input: ValidBomCostPreviewInput): Promise<BomCostPreview> {
    return this.boms.costPreview(input);
  }

  @Get()
  @AnyPermission(['SKU_BOM', 'PLU_BOM', 'PLU'], 'view')
  options(@CallerScope() scope: LocationScope): Promise<BomFormOptions> {
    return this.boms.formOptions(scope);
  }
}

export const BOM_CONTROLLERS = [SkuBomController, PluBomController, BomOptionsController];
