import { Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  documentActionSchema,
  listQuerySchema,
  pettyCashInputSchema,
  pettyCashRefundSchema,
  pettyCashSignSchema,
} from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  DocumentStatusCount,
  ListQuery,
  PettyCashChoices,
  PettyCashListRow,
  PettyCashRefundInput,
  PettyCashSignInput,
  PettyCashView,
  ValidPettyCashInput,
} from '@scm/contracts';
import {
  CallerScope,
  CurrentUser,
  IdParam,
  ListPage,
  Permission,
  ServiceController,
  SuccessMessage,
  ValidBody,
} from '@scm/platform';
import type { LocationScope } from '@scm/platform';
import { PettyCashService } from './petty-cash.service.js';

/**
 * Petty cash claims (SPEC.md §2 /procurement/petty-cash, key PC). Each user action of PETTY_CASH_MACHINE is
 * `POST :id/<action>` with the revision the user saw (`sign` also carries the receiver's signature); `POST refund`
 * refunds many signed claims at once. Lists and reads keep to the caller's locations; amounts go for roles without
 * can_see_cost (PETTY_CASH_COST_FIELDS).
 */
@ServiceController('procurement/petty-cash', 'procurement: petty cash')
export class PettyCashController {
  constructor(private readonly claims: PettyCashService) {}

  /** The currencies and the GST rate a claim is priced with (the form's choices and live totals). */
  @Get('choices')
  @Permission('PC', 'view')
  choices(): Promise<PettyCashChoices> {
    return this.claims.choices();
  }

  @Post('list')
  @HttpCode(200)
  @Permission('PC', 'view')
  list(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<ListPage<PettyCashListRow>> {
    return this.claims.list(query, scope);
  }

  @Post('status-counts')
  @HttpCode(200)
  @Permission('PC', 'view')
  statusCounts(
    @ValidBody(listQuerySchema) query: ListQuery,
    @CallerScope() scope: LocationScope,
  ): Promise<DocumentStatusCount[]> {
    return this.claims.statusCounts(query, scope);
  }

  /** The refund list's bulk action: SIGNED claims → REFUNDED, all or none. */
  @Post('refund')
  @HttpCode(200)
  @Permission('PC', 'approval')
  @SuccessMessage('messages.success')
  refundMany(
    @ValidBody(pettyCashRefundSchema) input: PettyCashRefundInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<{ refunded: string[] }> {
    return this.claims.refund(input, user);
  }

  @Get(':id')
  @Permission('PC', 'view')
  get(@IdParam() id: string, @CurrentUser() user: AccessTokenClaims): Promise<PettyCashView> {
    return this.claims.get(id, user);
  }

  @Post()
  @Permission('PC', 'edit')
  @SuccessMessage('messages.created')
  create(
    @ValidBody(pettyCashInputSchema) input: ValidPettyCashInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.create(input, user);
  }

  @Put(':id')
  @Permission('PC', 'edit')
  @SuccessMessage('messages.updated')
  update(
    @IdParam() id: string,
    @ValidBody(pettyCashInputSchema) input: ValidPettyCashInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.update(id, input, user);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @Permission('PC', 'edit')
  @SuccessMessage('messages.success')
  submit(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.act(id, 'submit', input, user);
  }

  @Post(':id/recall')
  @HttpCode(200)
  @Permission('PC', 'edit')
  @SuccessMessage('messages.success')
  recall(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.act(id, 'recall', input, user);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Permission('PC', 'approval')
  @SuccessMessage('messages.success')
  approve(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.act(id, 'approve', input, user);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Permission('PC', 'approval')
  @SuccessMessage('messages.success')
  reject(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.act(id, 'reject', input, user);
  }

  @Post(':id/refund')
  @HttpCode(200)
  @Permission('PC', 'approval')
  @SuccessMessage('messages.success')
  refund(
    @IdParam() id: string,
    @ValidBody(documentActionSchema) input: DocumentActionInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.act(id, 'refund', input, user);
  }

  /** The cash is handed over: the receiver signs for it (refused without a signature). */
  @Post(':id/sign')
  @HttpCode(200)
  @Permission('PC', 'edit')
  @SuccessMessage('messages.success')
  sign(
    @IdParam() id: string,
    @ValidBody(pettyCashSignSchema) input: PettyCashSignInput,
    @CurrentUser() user: AccessTokenClaims,
  ): Promise<PettyCashView> {
    return this.claims.act(id, 'sign', input, user);
  }
}
