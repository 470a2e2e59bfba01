import { BomListPage } from '../../bom/BomListPage';

export default function PluBomListPage() {
  return <BomListPage kind="plu_bom" />;
}
