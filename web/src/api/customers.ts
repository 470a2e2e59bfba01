import type { CustomerInput, CustomerView } from '@scm/contracts';
import { masterDataApi } from './master-data';

/** Customers (SPEC.md §2 /contact-management/customer/list; `catalog/customers` API); the id is the code. */
export const customersApi = masterDataApi<CustomerView, CustomerView, CustomerInput>(
  'customers',
  '/api/catalog/customers',
  (customer) => customer.customer_code,
);
