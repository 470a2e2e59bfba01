import { BomListPage } from '../../bom/BomListPage';

export default function SkuBomListPage() {
  return <BomListPage kind="sku_bom" />;
}
