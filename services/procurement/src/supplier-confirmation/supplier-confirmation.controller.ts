import { Get, HttpCode, Post, Query } from '@nestjs/common';
import { supplierConfirmSchema, supplierDeclineSchema, supplierLinkQuerySchema } from '@scm/contracts';
import type {
  SupplierDecisionResult,
  SupplierPurchaseOrderView,
  ValidSupplierConfirmInput,
  ValidSupplierDeclineInput,
} from '@scm/contracts';
import { Public, ServiceController, ValidBody, ZodValidationPipe } from '@scm/platform';
import { SupplierConfirmationService } from './supplier-confirmation.service.js';

/**
 * The supplier's page behind the mailed one-time link (issue 12): public, no sign-in — the token is the only
 * credential, and every refusal (unknown, tampered, expired, used, replaced, PO no longer awaiting the supplier)
 * answers the same PROCUREMENT_SUPPLIER_LINK_INVALID (410). The platform has no request rate limit for public
 * routes; the token is 256 random bits, so guessing one is not a concern.
 */
@ServiceController('procurement/supplier-confirmation', 'procurement: supplier confirmation')
export class SupplierConfirmationController {
  constructor(private readonly confirmations: SupplierConfirmationService) {}

  @Public()
  @Get()
  view(
    @Query(new ZodValidationPipe(supplierLinkQuerySchema)) query: { token: string },
  ): Promise<SupplierPurchaseOrderView> {
    return this.confirmations.view(query.token);
  }

  @Public()
  @Post('confirm')
  @HttpCode(200)
  confirm(@ValidBody(supplierConfirmSchema) input: ValidSupplierConfirmInput): Promise<SupplierDecisionResult> {
    return this.confirmations.confirm(input);
  }

  @Public()
  @Post('decline')
  @HttpCode(200)
  decline(@ValidBody(supplierDeclineSchema) input: ValidSupplierDeclineInput): Promise<SupplierDecisionResult> {
    return this.confirmations.decline(input);
  }
}
