/** Routes of the contact management pages (route-tree.ts); each form is `${PATH}/{type}?id=`. */
export const CUSTOMER_PATH = '/contact-management/customer/list';
