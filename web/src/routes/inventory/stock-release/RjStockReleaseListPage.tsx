import { StockReleaseList } from './StockReleaseListPage';

/** /sales-management/stock-release (key RJ_SR): the stock releases in the RJ_SR context (consignments offered). */
export default function RjStockReleaseListPage() {
  return <StockReleaseList rj />;
}
