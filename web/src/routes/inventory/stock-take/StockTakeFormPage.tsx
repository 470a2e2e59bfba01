import { useFormMode } from '../../../components/form';
import { StockTakeCreateForm } from './StockTakeCreateForm';
import { StockTakeSheet } from './StockTakeSheet';

/** /inventory/stock-take/{type}: new (what to count) or a stock take's counting sheet (view, edit). */
export default function StockTakeFormPage() {
  const mode = useFormMode();
  return mode.isNew ? (
    <StockTakeCreateForm key={mode.formKey} {...mode} />
  ) : (
    <StockTakeSheet key={mode.formKey} {...mode} />
  );
}
