import { Get, Put } from '@nestjs/common';
import { inventorySettingsInputSchema } from '@scm/contracts';
import type { AccessTokenClaims, InventorySettingsView, InventorySettingsInput } from '@scm/contracts';
import { CurrentUser, Permission, ServiceController, SuccessMessage, ValidBody } from '@scm/platform';
import { InventorySettingsService } from './inventory-settings.service.js';

/** `/api/inventory/settings` (key SETTING): the period lock date. */
@ServiceController('inventory/settings', 'inventory: settings')
export class InventorySettingsController {
  constructor(private readonly settings: InventorySettingsService) {}

  @Get()
  @Permission('SETTING', 'view')
  get(): Promise<InventorySettingsView> {
    return this.settings.get();
  }

  @Put()
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @ValidBody(inventorySettingsInputSchema) input: InventorySettingsInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<InventorySettingsView> {
    return this.settings.update(input, user.name);
  }
}
