import { Get, HttpCode, Post, Put } from '@nestjs/common';
import { epointKeyInputSchema, epointPullFolderInputSchema } from '@scm/contracts';
import type {
  AccessTokenClaims,
  EpointKeyCreated,
  EpointKeyView,
  EpointPullSettingsView,
  EpointScanResult,
  ValidEpointKeyInput,
  ValidEpointPullFolderInput,
} from '@scm/contracts';
import {
  CallerScope,
  CodeParam,
  CurrentUser,
  IdParam,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { EpointKeyService } from './epoint-key.service.js';
import { EpointPullService } from './epoint-pull.service.js';

/**
 * Settings › POS keys (key SETTING; issue 14): the outlets' POS keys (created — the key shown once — and revoked)
 * and the export folders the pull job reads, each for the caller's locations only.
 */
@ServiceController('inventory/epoint', 'inventory: e-point')
export class EpointKeysController {
  constructor(
    private readonly keys: EpointKeyService,
    private readonly pull: EpointPullService,
  ) {}

  @Get('keys')
  @Permission('SETTING', 'view')
  list(@CallerScope() scope: LocationScope): Promise<EpointKeyView[]> {
    return this.keys.list(scope);
  }

  @Post('keys')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(epointKeyInputSchema) input: ValidEpointKeyInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<EpointKeyCreated> {
    return this.keys.create(input, user);
  }

  @Post('keys/:id/revoke')
  @HttpCode(200)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.success')
  revoke(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<EpointKeyView> {
    return this.keys.revoke(id, user);
  }

  @Get('pull-folders')
  @Permission('SETTING', 'view')
  pullFolders(@CallerScope() scope: LocationScope): Promise<EpointPullSettingsView> {
    return this.pull.settings(scope);
  }

  @Put('pull-folders/:locationId')
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.updated')
  savePullFolder(
    @CodeParam('locationId') locationId: string,
    @ValidBody(epointPullFolderInputSchema) input: ValidEpointPullFolderInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<EpointPullSettingsView> {
    return this.pull.save(locationId, input, user);
  }

  @Post('pull-folders/:locationId/scan')
  @HttpCode(200)
  @Permission('SETTING', 'edit')
  @SuccessMessage('messages.success')
  scan(@CodeParam('locationId') locationId: string, @CurrentUser() user: AccessTokenClaims): Promise<EpointScanResult> {
    return this.pull.scanNow(locationId, user);
  }
}
