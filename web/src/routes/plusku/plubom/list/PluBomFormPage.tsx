import { BomFormPage } from '../../bom/BomFormPage';

export default function PluBomFormPage() {
  return <BomFormPage kind="plu_bom" />;
}
