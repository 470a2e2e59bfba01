/** Placeholder until the page is built (issue 11). */
export { default } from '../../NotAvailablePage';
