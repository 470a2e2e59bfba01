import { BomFormPage } from '../../bom/BomFormPage';

export default function SkuBomFormPage() {
  return <BomFormPage kind="sku_bom" />;
}
