import { StockReleaseFormRoute } from './StockReleaseFormPage';

/** /sales-management/stock-release/{type} (key RJ_SR): the stock release form where a consignment may be made. */
export default function RjStockReleaseFormPage() {
  return <StockReleaseFormRoute rj />;
}
