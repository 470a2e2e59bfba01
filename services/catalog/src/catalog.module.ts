import { Module } from '@nestjs/common';
import { AttachmentsModule, ServicePlatformModule } from '@scm/platform';
import { IMPORT_CONTROLLERS, IMPORT_PROVIDERS } from './import/index.js';
import { LocationController } from './location/location.controller.js';
import { LocationEntity } from './location/location.entity.js';
import { LocationRepository } from './location/location.repository.js';
import { LocationService } from './location/location.service.js';
import { CATEGORY_TREE_CONTROLLERS } from './category-tree/category-tree.controller.js';
import { CATEGORY_TREE_ENTITIES } from './category-tree/category-tree.entity.js';
import { CategoryTreeRepository } from './category-tree/category-tree.repository.js';
import { CategoryTreeService } from './category-tree/category-tree.service.js';
import { CreateUoms1763800000200 } from './migrations/1763800000200-CreateUoms.js';
import { CreateImportJobs1795362116072 } from './migrations/1795362116072-CreateImportJobs.js';
import { AddImportJobLocationScope1795636442264 } from './migrations/1795636442264-AddImportJobLocationScope.js';
import { NameSkuUnits1795637601991 } from './migrations/1795637601991-NameSkuUnits.js';
import { AddSettingsAnnouncedRevision1795900000900 } from './migrations/1795900000900-AddSettingsAnnouncedRevision.js';
import { SetDefaultGstRateNine1795637200000 } from './migrations/1795637200000-SetDefaultGstRateNine.js';
import { CreateLocations1795358227169 } from './migrations/1795358227169-CreateLocations.js';
import { CreateSettings1795359159651 } from './migrations/1795359159651-CreateSettings.js';
import { CreateSuppliers1795359200020 } from './migrations/1795359200020-CreateSuppliers.js';
import { CreateCustomers1795360019057 } from './migrations/1795360019057-CreateCustomers.js';
import { CreateSkus1795361682141 } from './migrations/1795361682141-CreateSkus.js';
import { CreateForeignUsageRevision1795361814078 } from './migrations/1795361814078-CreateForeignUsageRevision.js';
import { CreateUserLocationRevision1795359972047 } from './migrations/1795359972047-CreateUserLocationRevision.js';
import { RegionController } from './region/region.controller.js';
import { RegionEntity } from './region/region.entity.js';
import { RegionRepository } from './region/region.repository.js';
import { RegionService } from './region/region.service.js';
import { SettingsController } from './settings/settings.controller.js';
import { ExchangeRateEntity, GstRateEntity, SettingsEntity } from './settings/settings.entity.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { SettingsService } from './settings/settings.service.js';
import { CustomerController } from './customer/customer.controller.js';
import { CustomerEntity } from './customer/customer.entity.js';
import { CustomerRepository } from './customer/customer.repository.js';
import { CustomerService } from './customer/customer.service.js';
import { ITEM_CATEGORY_CONTROLLERS } from './item-category/item-category.controller.js';
import { ItemCategoryEntity } from './item-category/item-category.entity.js';
import { ItemCategoryRepository } from './item-category/item-category.repository.js';
import { ItemCategoryService } from './item-category/item-category.service.js';
import { BomCostCalculator } from './bom/bom-cost.js';
import { BomRecipes } from './bom/bom-recipes.js';
import { BOM_CONTROLLERS } from './bom/bom.controller.js';
import { BomEntity } from './bom/bom.entity.js';
import { BomRepository } from './bom/bom.repository.js';
import { BomService } from './bom/bom.service.js';
import { PLU_CONTROLLERS } from './plu/plu.controller.js';
import { PluEntity } from './plu/plu.entity.js';
import { PluRepository } from './plu/plu.repository.js';
import { PluService } from './plu/plu.service.js';
import { CreateBomsAndPlus1795362276471 } from './migrations/1795362276471-CreateBomsAndPlus.js';
import { CreateItemCategories1795361815471 } from './migrations/1795361815471-CreateItemCategories.js';
import { AddSkuListPositions1795361905805 } from './migrations/1795361905805-AddSkuListPositions.js';
import { CreateSkuListIndexes1795363036372 } from './migrations/1795363036372-CreateSkuListIndexes.js';
import { RecordSkuUomUsage1795364422770 } from './migrations/1795364422770-RecordSkuUomUsage.js';
import { CreateSkuSearchIndexes1795364556767 } from './migrations/1795364556767-CreateSkuSearchIndexes.js';
import { CreateProductListSortIndexes1795364562712 } from './migrations/1795364562712-CreateProductListSortIndexes.js';
import { SkuController } from './sku/sku.controller.js';
import { SkuEntity } from './sku/sku.entity.js';
import { SkuOptionsController } from './sku/sku-options.controller.js';
import { SkuRepository } from './sku/sku.repository.js';
import { SkuService } from './sku/sku.service.js';
import { DefaultSupplierController } from './default-supplier/default-supplier.controller.js';
import { DefaultSupplierRepository } from './default-supplier/default-supplier.repository.js';
import { DefaultSupplierService } from './default-supplier/default-supplier.service.js';
import { SupplierController } from './supplier/supplier.controller.js';
import { PricePromotionScheduler } from './supplier-price/price-promotion.scheduler.js';
import { PriceUploadService } from './supplier-price/price-upload.service.js';
import { SupplierPriceController } from './supplier-price/supplier-price.controller.js';
import { SupplierPriceEntity } from './supplier-price/supplier-price.entity.js';
import { SupplierPriceRepository } from './supplier-price/supplier-price.repository.js';
import { SupplierPriceService } from './supplier-price/supplier-price.service.js';
import { SupplierEntity } from './supplier/supplier.entity.js';
import { SupplierRepository } from './supplier/supplier.repository.js';
import { SupplierService } from './supplier/supplier.service.js';
import { SupplierCategoryController } from './supplier-category/supplier-category.controller.js';
import { SupplierCategoryEntity } from './supplier-category/supplier-category.entity.js';
import { SupplierCategoryRepository } from './supplier-category/supplier-category.repository.js';
import { SupplierCategoryService } from './supplier-category/supplier-category.service.js';
import { UomController } from './uom/uom.controller.js';
import { UomEntity } from './uom/uom.entity.js';
import { UomRepository } from './uom/uom.repository.js';
import { UomService } from './uom/uom.service.js';
import { ForeignUsageHandler } from './usage/foreign-usage.handler.js';
import { ForeignUsageRepository } from './usage/foreign-usage.repository.js';
import { RecordUsageRepository } from './usage/record-usage.repository.js';
import { UserLocationsHandler } from './user-locations/user-locations.handler.js';
import { UserLocationsRepository } from './user-locations/user-locations.repository.js';
import { CreateProducts1795362216003 } from './migrations/1795362216003-CreateProducts.js';
import { SetProductSearchIndexFastupdateOff1795363234204 } from './migrations/1795363234204-SetProductSearchIndexFastupdateOff.js';
import { ProductController } from './product/product.controller.js';
import { ProductEntity } from './product/product.entity.js';
import { ProductRepository } from './product/product.repository.js';
import { ProductService } from './product/product.service.js';

@Module({
  imports: [
    ServicePlatformModule.forService({
      name: 'catalog',
      entities: [
        UomEntity,
        RegionEntity,
        ...CATEGORY_TREE_ENTITIES,
        LocationEntity,
        SupplierCategoryEntity,
        SupplierEntity,
        CustomerEntity,
        GstRateEntity,
        SettingsEntity,
        ExchangeRateEntity,
        ProductEntity,
        SupplierPriceEntity,
        ItemCategoryEntity,
        BomEntity,
        PluEntity,
        SkuEntity,
      ],
      migrations: [
        CreateUoms1763800000200,
        CreateImportJobs1795362116072,
        CreateItemCategories1795361815471,
        CreateBomsAndPlus1795362276471,
        CreateLocations1795358227169,
        CreateSuppliers1795359200020,
        CreateCustomers1795360019057,
        CreateSettings1795359159651,
        CreateUserLocationRevision1795359972047,
        CreateSkus1795361682141,
        CreateProducts1795362216003,
        SetProductSearchIndexFastupdateOff1795363234204,
        CreateForeignUsageRevision1795361814078,
        AddSkuListPositions1795361905805,
        CreateSkuListIndexes1795363036372,
        RecordSkuUomUsage1795364422770,
        CreateSkuSearchIndexes1795364556767,
        CreateProductListSortIndexes1795364562712,
        AddImportJobLocationScope1795636442264,
        SetDefaultGstRateNine1795637200000,
        NameSkuUnits1795637601991,
        AddSettingsAnnouncedRevision1795900000900,
      ],
    }),
    // Files on catalog records: /api/catalog/attachments/<owner type>/<id>, with each owner type's own key.
    AttachmentsModule.forService({
      service: 'catalog',
      ownerTypes: {
        uom: { permission: 'UOM', record: { table: 'uom', idColumn: 'uom_id' } },
        // A product's images (one is its cover) and documents, under PRODUCT or RJ_PRODUCT; owner id = product_id.
        'product-image': {
          permission: { anyOf: ['PRODUCT', 'RJ_PRODUCT'] },
          accept: 'images',
          maxCount: 10,
          record: { table: 'product', idColumn: 'product_id' },
        },
        'product-document': {
          permission: { anyOf: ['PRODUCT', 'RJ_PRODUCT'] },
          maxCount: 10,
          record: { table: 'product', idColumn: 'product_id' },
        },
      },
    }),
  ],
  controllers: [
    UomController,
    ...IMPORT_CONTROLLERS,
    RegionController,
    ...CATEGORY_TREE_CONTROLLERS,
    LocationController,
    SupplierCategoryController,
    SupplierController,
    SupplierPriceController,
    DefaultSupplierController,
    CustomerController,
    SettingsController,
    ProductController,
    ...ITEM_CATEGORY_CONTROLLERS,
    ...BOM_CONTROLLERS,
    ...PLU_CONTROLLERS,
    SkuController,
    SkuOptionsController,
  ],
  providers: [
    UomService,
    ...IMPORT_PROVIDERS,
    UomRepository,
    RegionService,
    RegionRepository,
    CategoryTreeService,
    CategoryTreeRepository,
    LocationService,
    LocationRepository,
    SupplierCategoryService,
    SupplierCategoryRepository,
    SupplierService,
    SupplierPriceRepository,
    SupplierPriceService,
    PricePromotionScheduler,
    PriceUploadService,
    DefaultSupplierRepository,
    DefaultSupplierService,
    SupplierRepository,
    CustomerRepository,
    CustomerService,
    SettingsService,
    SettingsRepository,
    ProductService,
    ProductRepository,
    ItemCategoryService,
    ItemCategoryRepository,
    BomRepository,
    BomCostCalculator,
    BomRecipes,
    BomService,
    PluRepository,
    PluService,
    SkuService,
    SkuRepository,
    RecordUsageRepository,
    UserLocationsRepository,
    UserLocationsHandler,
    ForeignUsageRepository,
    ForeignUsageHandler,
  ],
  exports: [RecordUsageRepository, SkuService],
})
export class CatalogModule {}
