import { SupplierList } from '../../../supplier/list/SupplierListPage';
import { RJ_SUPPLIER_PATH } from '../paths';

/** /contact-management/supplier/list (SPEC.md §2, key RJ_SUPPLIER): the supplier master, as the RJ area sees it. */
export default function RjSupplierListPage() {
  return <SupplierList path={RJ_SUPPLIER_PATH} permissionKey="RJ_SUPPLIER" titleKey="rjSupplier" />;
}
