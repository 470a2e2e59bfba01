import { Param } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { CommonErrorCode, STOCK_ITEM_TYPES } from '@scm/contracts';
import type { StockItemType } from '@scm/contracts';
import { AppException } from '@scm/platform';

/** An item type from the path: anything but `sku` or `product` names no item, so it is not found. */
class ItemTypeParamPipe implements PipeTransform<string, StockItemType> {
  transform(value: string): StockItemType {
    if (!(STOCK_ITEM_TYPES as readonly string[]).includes(value)) throw new AppException(CommonErrorCode.NOT_FOUND);
    return value as StockItemType;
  }
}

export const ItemTypeParam = (name = 'itemType') => Param(name, new ItemTypeParamPipe());
