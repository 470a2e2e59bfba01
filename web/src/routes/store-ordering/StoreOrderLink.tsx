import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { STORE_ORDER_PATH } from './paths';

/** On a PO split from a store order: the way back to it (the PO's `store_order_id`). */
export function StoreOrderLink({ id, docNo }: { id: string; docNo: string }) {
  const { t } = useTranslation();
  return (
    <p
      className="rounded-md bg-slate-50 px-4 py-2 text-sm text-slate-700 ring-1 ring-slate-200"
      data-testid="po-store-order-link"
    >
      {t('store-order:fromStoreOrder')}{' '}
      <Link
        to={`${STORE_ORDER_PATH}/view?id=${encodeURIComponent(id)}`}
        className="font-mono text-blue-700 hover:underline"
      >
        {docNo}
      </Link>
    </p>
  );
}
