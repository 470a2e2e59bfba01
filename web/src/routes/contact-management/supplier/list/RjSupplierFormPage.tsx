import { SupplierFormRoute } from '../../../supplier/list/SupplierFormPage';
import { RJ_SUPPLIER_PATH } from '../paths';

/** /contact-management/supplier/list/{type} (key RJ_SUPPLIER): the supplier form under the RJ route and title. */
export default function RjSupplierFormPage() {
  return <SupplierFormRoute path={RJ_SUPPLIER_PATH} permissionKey="RJ_SUPPLIER" titleKey="rjSupplier" />;
}
