import type { ServiceArea } from '@scm/platform';
import { CreateSupplierLinks1795900000260 } from './migrations/1795900000260-CreateSupplierLinks.js';
import { SupplierConfirmationController } from './supplier-confirmation.controller.js';
import { SupplierConfirmationService } from './supplier-confirmation.service.js';
import { SupplierLinkRepository } from './supplier-link.repository.js';
import { SupplierMailer } from './supplier-mail.js';

/** The supplier's confirmation of a purchase order through a mailed one-time link (public routes). */
export const supplierConfirmationArea: ServiceArea = {
  controllers: [SupplierConfirmationController],
  providers: [SupplierLinkRepository, SupplierMailer, SupplierConfirmationService],
  migrations: [CreateSupplierLinks1795900000260],
};
